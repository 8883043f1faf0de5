import { catalog } from './catalogs.ts';
import type { Locale } from './locale.ts';

// A message in a language: the one way the code words a message (the chat, the forms, the account pages and
// dashboard, the booking times, the e-mails to visitors, the rate-limit and error-fallback messages). English is
// the code's own text, word for word, wherever it is written (tests keep each English catalog equal to it).
// Another language reads its catalog, which must be loaded: catalog() throws otherwise, rather than showing a
// French visitor English or an id. A message that catalog lacks stays English (the catalog tests keep that from
// happening unnoticed). No I/O.

/** `{name}` placeholders of an English text filled from `values`. */
const fill = (english: string, values?: Record<string, unknown>) =>
  values ? english.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m)) : english;

/** The catalog's message `id` in `locale` (with `values`); in English, `english` with its placeholders filled. */
export function say(locale: Locale, id: string, english: string, values?: Record<string, unknown>): string {
  if (locale === 'en') return fill(english, values);
  const i18n = catalog(locale);
  return i18n.messages[id] ? i18n._(id, values) : fill(english, values);
}

export type Say = (id: string, english: string, values?: Record<string, unknown>) => string;

/** say bound to a language. */
export const sayIn = (locale: Locale): Say => (id, english, values) => say(locale, id, english, values);

/** Each string of a flat message table in `locale`, by key (ids `${prefix}.${key}`). */
export function messagesIn<T extends Record<string, string>>(locale: Locale, prefix: string, table: T): T {
  if (locale === 'en') return table;
  return Object.fromEntries(Object.entries(table).map(([k, v]) => [k, say(locale, `${prefix}.${k}`, v)])) as T;
}
