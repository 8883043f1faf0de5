import { sayIn, type Say } from '../../shared/i18n/say.ts';
import { useLocale } from '../i18n/i18n.ts';

/** The account side's words in the URL's language (shared/i18n/say.ts). */
export function useAccountText(): Say {
  return sayIn(useLocale());
}
