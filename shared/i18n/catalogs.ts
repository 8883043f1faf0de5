import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { messages as enMessages } from './locales/en.ts';
import type { Locale } from './locale.ts';

// One Lingui instance per language, each with its compiled catalog (shared/i18n/locales/*.po, compiled by
// `npm run i18n:compile`). English is always here: it is the default and small. French is added by whoever
// loads it: the prerenderer and the server render at once, the browser on a French page only
// (web/i18n/i18n.ts), so English pages never fetch it. No global "active" language: a page's language is its
// URL's (shared/i18n/locale.ts), and each render asks for that one.

const make = (locale: Locale, messages: Messages) => setupI18n({ locale, locales: [locale], messages: { [locale]: messages } });

const catalogs: Partial<Record<Locale, I18n>> = { en: make('en', enMessages) };

/** The English catalog (shared modules whose English text lives in it read it here). */
export const en: I18n = catalogs.en!;

/**
 * Adds messages to a language's catalog, making it if it is not there yet. Several parts may each bring theirs
 * (the Worker's forms and chat), whichever loads first: they are merged, never dropped.
 */
export function addCatalog(locale: Locale, messages: Messages): void {
  const found = catalogs[locale];
  if (found) found.load(locale, messages);
  else catalogs[locale] = make(locale, messages);
}

export const hasCatalog = (locale: Locale): boolean => !!catalogs[locale];

export function catalog(locale: Locale): I18n {
  const found = catalogs[locale];
  if (!found) throw new Error(`The ${locale} catalog is not loaded`);
  return found;
}
