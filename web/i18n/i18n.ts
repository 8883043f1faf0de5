import type { I18n } from '@lingui/core';
import { useLocation } from 'react-router-dom';
import { addCatalog, catalog } from '../../shared/i18n/catalogs.ts';
import { localeOfPath, type Locale } from '../../shared/i18n/locale.ts';
import { localizedHref } from '../../shared/i18n/pages.ts';

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

let french: Promise<void> | undefined;

/**
 * Fetches a language's catalog (a chunk of its own: English pages never load French), once. Whether it came is
 * this promise's to say, not whether a French catalog exists: a French part (web/i18n/loadFrenchPart.ts) adds to
 * the catalog too, and must never pass for the chunk.
 */
export function loadCatalog(locale: Locale): Promise<void> {
  if (locale !== 'fr') return Promise.resolve();
  french ??= import('../../shared/i18n/fr.ts').then(
    (fr) => {
      addCatalog('fr', fr.messages);
    },
    (err: unknown) => {
      french = undefined;
      throw err;
    },
  );
  return french;
}
