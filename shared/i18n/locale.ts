// The site's languages and how a path names one (docs/decisions/0032-french-and-i18n.md). English is the
// default and lives at the root; French lives under /fr. The language of a page is the language of its URL,
// always: no header, cookie or stored choice ever changes what a URL shows.

export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The BCP 47 tag for Intl and the html lang attribute. */
export const LOCALE_TAGS: Record<Locale, string> = { en: 'en', fr: 'fr' };
/** Open Graph's og:locale. */
export const OG_LOCALES: Record<Locale, string> = { en: 'en_US', fr: 'fr_FR' };
/** The switcher's link to each language, named in that language. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', fr: 'Français' };

const FR = /^\/fr(?=\/|$)/;

export function localeOfPath(path: string): Locale {
  return FR.test(path) ? 'fr' : 'en';
}

/** The path without its language prefix: /fr/contact → /contact, /fr → /. */
export function basePath(path: string): string {
  return path.replace(FR, '') || '/';
}

/** `path` (an English, unprefixed path) in `locale`: /contact → /fr/contact, / → /fr. */
export function pathIn(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}

/** The other language (two languages: the switcher offers the one the page is not in). */
export const otherLocale = (locale: Locale): Locale => (locale === 'fr' ? 'en' : 'fr');
