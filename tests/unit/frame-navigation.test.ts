import { describe, expect, it } from 'vitest';
import {
  accountHref, ariaCurrent, avatarInitial, footerCompanyLinks, footerCopyright, footerCredit, footerQuickLinks,
  footerServiceLinks, headerLinks, linkState,
} from '../../shared/navigation.ts';
import { services } from '../../shared/content/services.ts';
import { routeForPath } from '../../shared/routes.ts';
import { site } from '../../shared/site.ts';

// Header and footer links of docs/product.md §4, word for word.
describe('navigation links', () => {
  it('header: the six links in order, Affiliate marked New', () => {
    expect(headerLinks.map((l) => l.name)).toEqual(['About', 'Team', 'Services', 'Portfolio', 'Contact', 'Affiliate']);
    expect(headerLinks.filter((l) => l.badge).map((l) => [l.name, l.badge])).toEqual([['Affiliate', 'New']]);
  });

  it('footer: quick links, the 13 services and company', () => {
    expect(footerQuickLinks.map((l) => [l.name, l.href])).toEqual([
      ['Home', '/'], ['Portfolio', '/portfolio'], ['FAQs', '/faq'], ['Contact', '/contact'], ['Log In', '/sign-in'],
    ]);
    expect(footerServiceLinks).toHaveLength(13);
    expect(footerServiceLinks.map((l) => l.href)).toEqual(services.map((s) => `/services/${s.slug}`));
    expect(footerCompanyLinks.map((l) => l.name)).toEqual(['About Us', 'Team', 'Services', 'Partner Program', 'Careers', 'Booking']);
    expect(footerCompanyLinks.find((l) => l.name === 'Partner Program')?.badge).toBe('EARN 40%');
    expect(footerCompanyLinks.find((l) => l.name === 'Booking')?.href).toBe('/booking');
  });

  it('every link leads to a public route', () => {
    for (const l of [...headerLinks, ...footerQuickLinks, ...footerServiceLinks, ...footerCompanyLinks]) {
      expect(routeForPath(l.href), l.href).toBeDefined();
    }
  });

  it('footer text', () => {
    expect(footerCopyright).toBe('© 2025 Volta Labs. All rights reserved.');
    expect(footerCredit).toBe('Built with love & coffee by devs.');
    expect(site.tagline).toBe('Launch your MVP within days, not weeks. Crafted for speed and quality.');
    expect(site.social.map((s) => s.name)).toEqual(['X', 'GitHub', 'Instagram', 'LinkedIn', 'Upwork']);
  });
});

describe('active link', () => {
  it('marks the current page and its section', () => {
    expect(linkState('/services', '/services')).toBe('page');
    expect(linkState('/services/', '/services')).toBe('page');
    expect(linkState('/services/branding', '/services')).toBe('section');
    expect(linkState('/affiliate-form', '/affiliate')).toBeNull();
    expect(linkState('/about', '/')).toBeNull();
    expect(linkState('/home', '/')).toBe('page');
    expect(ariaCurrent('/team', '/team')).toBe('page');
    expect(ariaCurrent('/portfolio/x', '/portfolio')).toBe('true');
    expect(ariaCurrent('/team', '/about')).toBeUndefined();
  });
});

describe('signed-in avatar', () => {
  it('leads staff to /admin and everyone else to /dashboard', () => {
    expect(accountHref('admin')).toBe('/admin');
    expect(accountHref('moderator')).toBe('/admin');
    expect(accountHref('user')).toBe('/dashboard');
    expect(accountHref('')).toBe('/dashboard');
  });

  it('shows the first letter of the email address', () => {
    expect(avatarInitial('ama@example.com')).toBe('A');
    expect(avatarInitial('  kofi@example.com')).toBe('K');
    expect(avatarInitial('émile@example.com')).toBe('É');
    expect(avatarInitial('')).toBe('?');
  });
});
