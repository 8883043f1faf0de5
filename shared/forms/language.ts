import { isLocale } from '../i18n/choice.ts';
import { DEFAULT_LOCALE, type Locale } from '../i18n/locale.ts';

// How the Worker learns the language of a form's messages (docs/decisions/0032, "Forms"): the SPA names the
// page's language (its URL's) in this header on POST /api/forms/<kind>. It chooses the words of the field
// errors only, nothing else; anything but a known language is English. A standard header (Accept-Language)
// would carry the browser's preferences instead of the page's language, which an English page must keep.
export const LANGUAGE_HEADER = 'X-Language';

export const languageOf = (header: string | null | undefined): Locale => {
  const value = header?.trim().toLowerCase();
  return isLocale(value) ? value : DEFAULT_LOCALE;
};
