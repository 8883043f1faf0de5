import { catalog } from './catalogs.ts';
import type { Locale } from './locale.ts';

// A message in a language, for code whose English is its own text, word for word (the chat's modules, the
// e-mails to visitors, the rate-limit and error-fallback messages). Another language reads its catalog, which
// must be loaded: catalog() throws otherwise, rather than sending a French visitor English or an id. No I/O.

/** The catalog's message `id` in `locale` (with `values`); `english` in English. */
export const say = (locale: Locale, id: string, english: string, values?: Record<string, unknown>): string =>
  locale === 'en' ? english : catalog(locale)._(id, values);
