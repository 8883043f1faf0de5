import type { FormOutcome } from '../components/content/AuthForm.tsx';
import { useConfig } from '../config.tsx';
import { isStaff } from '../../shared/roles.ts';
import { describeAuthError, type AuthAction } from './errors.ts';
import type { Result } from './helpers.ts';
import type { Locale } from '../../shared/i18n/locale.ts';
import { localizedHref } from '../../shared/i18n/pages.ts';

/** The Appwrite settings of this site (null: accounts unavailable, or not known yet). */
export const useAppwriteConfig = () => useConfig()?.appwrite ?? null;

/** A helper's result as a form outcome: the person-readable message (in the page's language), on the field it concerns. */
export function toOutcome(result: Result<unknown>, action: AuthAction, okMessage?: string, locale: Locale = 'en'): FormOutcome {
  if (result.success) return { ok: true, message: okMessage };
  const { message, field } = describeAuthError(result.error, action, locale);
  return { ok: false, message, field };
}

export const origin = () => window.location.origin;

/** The origin of the page's language: the links in account e-mails lead back to pages in that language. */
export const originIn = (locale: Locale) => origin() + (locale === 'en' ? '' : `/${locale}`);

/**
 * Where a signed-in visitor's account area is: /admin for staff, /dashboard for others (the rule of
 * accountHref in shared/navigation.ts, repeated here so that the account pages do not import the
 * navigation's content, which would move it out of the first-load chunk).
 */
export const accountHome = (role: string): '/admin' | '/dashboard' => (isStaff(role) ? '/admin' : '/dashboard');

/** Where a signed-in visitor's account area is in `locale`: the dashboard is French too, the admin area is not. */
export const accountHomeIn = (locale: Locale, role: string): string => localizedHref(locale, accountHome(role));
