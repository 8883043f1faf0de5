import { textIn } from '../../shared/forms/text.ts';
import { useLocale } from '../i18n/i18n.ts';

/** `english` in the page's language (the forms' catalog, shared/forms/text.ts): English pages keep it as written. */
export function useText(): (id: string, english: string, values?: Record<string, unknown>) => string {
  const locale = useLocale();
  return (id, english, values) => textIn(locale, id, english, values);
}
