import { services } from './content/services.ts';
import { isStaff } from './roles.ts';
import { site } from './site.ts';

// Navigation of docs/product.md §4 (header, mobile menu, footer). The "Navigation link" entity of docs/product.md
// §17.4: name, href, optional badge.
export interface NavLink {
  name: string;
  href: string;
  badge?: string;
}

/** The six header links, also shown in the mobile menu. */
export const headerLinks: readonly NavLink[] = [
  { name: 'About', href: '/about' },
  { name: 'Team', href: '/team' },
  { name: 'Services', href: '/services' },
  { name: 'Portfolio', href: '/portfolio' },
  { name: 'Contact', href: '/contact' },
  { name: 'Affiliate', href: '/affiliate', badge: 'New' },
];

/** Footer column 2. */
export const footerQuickLinks: readonly NavLink[] = [
  { name: 'Home', href: '/' },
  { name: 'Portfolio', href: '/portfolio' },
  { name: 'FAQs', href: '/faq' },
  { name: 'Contact', href: '/contact' },
  { name: 'Log In', href: '/sign-in' },
];

/** Footer column 3: the 13 services, each to its own page. */
export const footerServiceLinks: readonly NavLink[] = services.map((s) => ({ name: s.name, href: `/services/${s.slug}` }));

/** Footer column 4. */
export const footerCompanyLinks: readonly NavLink[] = [
  { name: 'About Us', href: '/about' },
  { name: 'Team', href: '/team' },
  { name: 'Services', href: '/services' },
  { name: 'Partner Program', href: '/affiliate', badge: `EARN ${site.affiliateCommission}` },
  { name: 'Careers', href: '/career' },
  { name: 'Booking', href: '/booking' },
];

export const footerCopyright = `© ${site.footerYear} ${site.name}. All rights reserved.`;
export const footerCredit = 'Built with love & coffee by devs.';

const clean = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * How a link relates to the current path: 'page' when it is the current page (/home counts as /),
 * 'section' when the current page lies below it (/services/branding under /services), else null.
 * Used for aria-current ("page" or "true").
 */
export function linkState(pathname: string, href: string): 'page' | 'section' | null {
  const path = clean(pathname) === '/home' ? '/' : clean(pathname);
  if (path === href) return 'page';
  if (href !== '/' && path.startsWith(`${href}/`)) return 'section';
  return null;
}

export function ariaCurrent(pathname: string, href: string): 'page' | 'true' | undefined {
  const state = linkState(pathname, href);
  return state === 'page' ? 'page' : state === 'section' ? 'true' : undefined;
}

/** Where the signed-in avatar leads (docs/product.md §3): staff to /admin, everyone else to /dashboard. */
export function accountHref(role: string): '/admin' | '/dashboard' {
  return isStaff(role) ? '/admin' : '/dashboard';
}

/** The letter on the round avatar: the first letter of the email address, upper case. */
export function avatarInitial(email: string): string {
  const first = [...email.trim()][0];
  return first ? first.toLocaleUpperCase('en') : '?';
}
