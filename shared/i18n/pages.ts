import { pagePatterns, type PageKey } from '../routePaths.ts';
import { DEFAULT_LOCALE, pathIn, type Locale } from './locale.ts';
import { services } from '../content/services.ts';
import { portfolioSlugs } from '../content/portfolioSlugs.ts';

// The pages that have a French version today (docs/decisions/0032-french-and-i18n.md). Only these are
// prerendered under /fr, listed in the sitemap with alternates and offered by the language switcher; a page
// is added here once every word of it is in French (tests/site/french.test.ts checks the prerendered HTML).
export const frenchPages: ReadonlySet<PageKey> = new Set<PageKey>(['home', 'services', 'service', 'portfolio', 'portfolio-detail', 'about', 'team', 'faq', 'not-found', 'contact', 'success', 'seo-audit', 'booking', 'career', 'career-form', 'affiliate', 'affiliate-form', 'agreement', 'sign-in', 'sign-up', 'verify-email', 'verify-phone', 'reset-password']);

const matches = (pattern: string, path: string) => {
  const a = pattern.split('/');
  const b = path.split('/');
  return a.length === b.length && a.every((seg, i) => seg.startsWith(':') || seg === b[i]);
};

// The pages that show one item: an unknown slug is no page (the not-found page, whose HTML offers no switch).
const itemExists: Partial<Record<PageKey, (slug: string) => boolean>> = {
  service: (slug) => services.some((s) => s.slug === slug),
  'portfolio-detail': (slug) => portfolioSlugs.includes(slug),
};

/** The page an English (unprefixed) path shows, if any. */
export function pageOfPath(path: string): PageKey | undefined {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const page = pagePatterns.find(([pattern]) => matches(pattern, clean))?.[1];
  const exists = page && itemExists[page];
  return exists && !exists(clean.split('/').pop() ?? '') ? undefined : page;
}

export function hasVersionIn(locale: Locale, path: string): boolean {
  if (locale === DEFAULT_LOCALE) return true;
  const clean = path.split(/[?#]/)[0] ?? path;
  const page = pageOfPath(clean);
  // The dashboard, a client-only shell (shared/routePaths.ts), is French too; the staff's admin area is not.
  return (page !== undefined && frenchPages.has(page)) || clean === '/dashboard';
}

/**
 * Where a link to the English path `href` leads from a page in `locale`: the same page in that language when
 * it exists, otherwise the English page. Hash and query are kept.
 */
export function localizedHref(locale: Locale, href: string): string {
  if (locale === DEFAULT_LOCALE || !href.startsWith('/') || !hasVersionIn(locale, href)) return href;
  const [, path = '/', rest = ''] = /^([^?#]*)(.*)$/.exec(href) ?? [];
  return pathIn(locale, path) + rest;
}
