import { textIn } from '../../shared/forms/text.ts';
import type { Locale } from '../../shared/i18n/locale.ts';

/**
 * `english` in `locale` (the forms' catalog, shared/forms/text.ts): English pages keep it as written. A plain
 * function of the page's language, so the static parts of form pages may use it with useLocale().
 */
export function textsIn(locale: Locale): (id: string, english: string, values?: Record<string, unknown>) => string {
  return (id, english, values) => textIn(locale, id, english, values);
}
