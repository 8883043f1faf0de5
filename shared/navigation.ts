import { services } from './content/services.ts';
import { isStaff } from './roles.ts';
import { site } from './site.ts';
import { en } from './i18n/catalogs.ts';

// Navigation of docs/product.md §4 (header, mobile menu, footer). The "Navigation link" entity of docs/product.md
// §17.4: name, href, optional badge.
export interface NavLink {
  /** The English name (the `en` catalog's text of `msg`). */
  name: string;
  href: string;
  badge?: string;
  /** Message ids of the name and the badge: pages in other languages render these (web/components/NavLinks.tsx). */
  msg: string;
  badgeMsg?: string;
}

const commission = { commission: site.affiliateCommission };
const link = (msg: string, href: string, badgeMsg?: string): NavLink => ({
  name: en._(msg), href, msg,
  ...(badgeMsg ? { badge: en._(badgeMsg, commission), badgeMsg } : {}),
});

/** The six header links, also shown in the mobile menu. */
export const headerLinks: readonly NavLink[] = [
  link('nav.about', '/about'),
  link('nav.team', '/team'),
  link('nav.services', '/services'),
  link('nav.portfolio', '/portfolio'),
  link('nav.contact', '/contact'),
  link('nav.affiliate', '/affiliate', 'nav.new'),
];

/** Footer column 2. */
export const footerQuickLinks: readonly NavLink[] = [
  link('nav.home', '/'),
  link('nav.portfolio', '/portfolio'),
  link('nav.faqs', '/faq'),
  link('nav.contact', '/contact'),
  link('nav.logIn', '/sign-in'),
];

/** Footer column 3: the 13 services, each to its own page. */
export const footerServiceLinks: readonly NavLink[] = services.map((s) => ({ name: s.name, href: `/services/${s.slug}`, msg: `service.${s.slug}` }));

/** Footer column 4. */
export const footerCompanyLinks: readonly NavLink[] = [
  link('nav.aboutUs', '/about'),
  link('nav.team', '/team'),
  link('nav.services', '/services'),
  link('nav.partnerProgram', '/affiliate', 'nav.earn'),
  link('nav.careers', '/career'),
  link('nav.booking', '/booking'),
];

export const copyrightValues = { year: site.footerYear, name: site.name };
export const footerCopyright = en._('footer.copyright', copyrightValues);
export const footerCredit = en._('footer.credit');

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
