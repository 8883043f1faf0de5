import { accountTextIn, type AccountText } from '../../shared/i18n/accountText.ts';
import type { Locale } from '../../shared/i18n/locale.ts';
import { localizedHref } from '../../shared/i18n/pages.ts';
import { useLocale } from '../i18n/i18n.ts';
import { accountHome } from './forms.ts';

/** The account side's words in the URL's language (shared/i18n/accountText.ts). */
export function useAccountText(): AccountText {
  return accountTextIn(useLocale());
}

/** Where a signed-in visitor's account area is in `locale`: the dashboard is French too, the admin area is not. */
export const accountHomeIn = (locale: Locale, role: string): string => localizedHref(locale, accountHome(role));
