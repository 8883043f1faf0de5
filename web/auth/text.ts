import { accountTextIn, type AccountText } from '../../shared/i18n/accountText.ts';
import { useLocale } from '../i18n/i18n.ts';

/** The account side's words in the URL's language (shared/i18n/accountText.ts). */
export function useAccountText(): AccountText {
  return accountTextIn(useLocale());
}
