import type { I18n } from '@lingui/core';
import { useLocation } from 'react-router-dom';
import { addCatalog, catalog, hasCatalog } from '../../shared/i18n/catalogs.ts';
import { localeOfPath, type Locale } from '../../shared/i18n/locale.ts';
import { localizedHref } from '../../shared/i18n/pages.ts';
import { addProse } from '../../shared/content/proseRegistry.ts';

// The language of what a component renders is the language of the URL (shared/i18n/locale.ts). These hooks
// read the address only, so the static parts of a page may use them (tests/unit/static-pages.test.ts).

export function useLocale(): Locale {
  return localeOfPath(useLocation().pathname);
}

/** The catalog of the URL's language (loaded before the app starts on a French page: loadCatalog). */
export function useI18n(): I18n {
  return catalog(useLocale());
}

/** `href` (an English path) as a link from the current page: the same page in its language when there is one. */
export function useHref(): (href: string) => string {
  const locale = useLocale();
  return (href) => localizedHref(locale, href);
}

/** Fetches a language's catalog (a chunk of its own: English pages never load French). */
export async function loadCatalog(locale: Locale): Promise<void> {
  if (hasCatalog(locale)) return;
  if (locale !== 'fr') return;
  const fr = await import('../../shared/i18n/fr.ts');
  addProse('fr', fr.prose);
  addCatalog('fr', fr.messages);
}
