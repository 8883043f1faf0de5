import { catalog } from '../i18n/catalogs.ts';
import type { Locale } from '../i18n/locale.ts';

// The words of an e-mail to a visitor in their language (docs/decisions/0032, "E-mails to visitors"). English
// is the mail modules' own text, word for word; another language reads the mail catalog
// (shared/i18n/mail/*.po), which the Worker loads where it builds the mail (functions/promise/ack.ts). A
// missing catalog throws rather than sending a French visitor English or an id. No I/O.

export const mailSay = (locale: Locale, id: string, english: string, values?: Record<string, unknown>): string =>
  locale === 'en' ? english : catalog(locale)._(id, values);
