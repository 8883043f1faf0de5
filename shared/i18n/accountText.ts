import { catalog, hasCatalog } from './catalogs.ts';
import type { Locale } from './locale.ts';

// The account side's words in a language (sign-in and sign-up pages, account messages, the dashboard:
// shared/i18n/account/*.po). English is the code's own text, word for word, wherever it is written (a unit test
// keeps the English catalog equal to it); French comes from the catalog (the French chunk and the account part).
// A message the catalog lacks stays English rather than showing an id. No I/O.

/** `{name}` placeholders of an English text filled from `values`. */
const fill = (english: string, values?: Record<string, unknown>) =>
  values ? english.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m)) : english;

/** The message `id` in `locale`, its English being `english` (with `{name}` placeholders from `values`). */
export function accountText(locale: Locale, id: string, english: string, values?: Record<string, unknown>): string {
  if (locale !== 'en' && hasCatalog(locale)) {
    const i18n = catalog(locale);
    if (i18n.messages[id]) return i18n._(id, values);
  }
  return fill(english, values);
}

export type AccountText = (id: string, english: string, values?: Record<string, unknown>) => string;

/** accountText bound to a language. */
export const accountTextIn = (locale: Locale): AccountText => (id, english, values) => accountText(locale, id, english, values);

/** Each string of a flat message table in `locale`, by key (ids `${prefix}.${key}`). */
export function messagesIn<T extends Record<string, string>>(locale: Locale, prefix: string, table: T): T {
  if (locale === 'en') return table;
  return Object.fromEntries(Object.entries(table).map(([k, v]) => [k, accountText(locale, `${prefix}.${k}`, v)])) as T;
}
