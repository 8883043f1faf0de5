import { messagesIn } from '../../shared/i18n/say.ts';
import type { Locale } from '../../shared/i18n/locale.ts';

// What a person reads when an account call fails (no I/O, unit-tested in tests/unit/auth-errors.test.ts).
// Appwrite answers errors as `{ message, code, type }`; the SDK throws them as AppwriteException with the
// same fields. The messages below name the problem and what to do about it; Appwrite's own texts are
// written for developers and are never shown as they are.

/** The part of an AppwriteException (or any error) this module reads. */
export interface ApiFailure {
  message?: string;
  code?: number;
  type?: string;
}

export type AuthAction =
  | 'sign-in' | 'sign-up' | 'sign-out' | 'recovery' | 'reset-password' | 'magic-link' | 'magic-session'
  | 'verify-email' | 'send-verification' | 'oauth' | 'phone' | 'verify-phone' | 'profile' | 'password'
  | 'sessions' | 'mfa' | 'mfa-challenge' | 'session';

export const authErrors = {
  wrongPassword: 'Wrong email or password. Check both and try again, or reset your password.',
  emailTaken: 'An account with this email already exists. Sign in instead, or reset your password if you forgot it.',
  phoneTaken: 'Another account already uses this phone number.',
  weakPassword: 'Choose a password of at least 8 characters.',
  passwordCommon: 'This password is too common. Choose one that is harder to guess.',
  passwordPersonal: 'Your password must not contain your name, email address or phone number.',
  passwordReused: 'Choose a password you have not used recently.',
  wrongCurrentPassword: 'Your current password is not correct.',
  expiredLink: 'This link has expired or has already been used. Ask for a new one below.',
  invalidCode: 'That code is not correct or has expired. Check it and try again.',
  blocked: 'This account has been blocked. Contact us if you think this is a mistake.',
  rateLimited: 'Too many attempts. Wait a minute and try again.',
  network: 'We could not reach the account service. Check your connection and try again.',
  signedOut: 'Your session has ended. Please sign in again.',
  mfaRequired: 'Enter the code from your authenticator app to finish signing in.',
  invalidEmail: 'Enter a valid email address, like name@example.com.',
  invalidPhone: 'Enter the number in international format, starting with + and the country code, for example +233241234567.',
  emailAlreadyVerified: 'Your email address is already verified.',
  phoneAlreadyVerified: 'Your phone number is already verified.',
  noPhone: 'Add a phone number to your account first.',
  oauthFailed: 'Signing in with that provider did not complete. Try again, or sign in with your email and password.',
  challengeRequired: 'For your security, confirm it is you: sign out, sign in again with your second factor, then retry.',
  invalidOrigin: 'This site is not registered with the account service. Please tell us at the contact page.',
  unexpected: 'Something went wrong on our side. Please try again in a moment.',
} as const;

export function asApiFailure(err: unknown): ApiFailure {
  if (err && typeof err === 'object') {
    const e = err as Record<string, unknown>;
    return {
      message: typeof e.message === 'string' ? e.message : undefined,
      code: typeof e.code === 'number' ? e.code : undefined,
      type: typeof e.type === 'string' ? e.type : undefined,
    };
  }
  return { message: typeof err === 'string' ? err : undefined };
}

/** An answer of the API (an HTTP error status), as opposed to a network failure or a bug. */
export function isApiAnswer(err: unknown): boolean {
  const { code } = asApiFailure(err);
  return typeof code === 'number' && code >= 400 && code < 600;
}

/** The request was refused because the person made a mistake (4xx), not because something broke. */
export function isClientMistake(err: unknown): boolean {
  const { code } = asApiFailure(err);
  return typeof code === 'number' && code >= 400 && code < 500;
}

export function errorType(err: unknown): string | undefined {
  return asApiFailure(err).type;
}

/** A field the message belongs to, so the form can mark it (aria-invalid) and link the message. */
export type AuthErrorField = 'email' | 'password' | 'oldPassword' | 'phone' | 'code' | 'name';

export interface DescribedError {
  message: string;
  field?: AuthErrorField;
}

/** The messages in `locale` (shared/i18n/account, ids `account.error.<key>`). */
export const authErrorsIn = (locale: Locale): typeof authErrors => messagesIn(locale, 'account.error', authErrors);

/** The message for a failed account call in the page's language, and the field it concerns when there is one. */
export function describeAuthError(err: unknown, action: AuthAction, locale: Locale = 'en'): DescribedError {
  const { type, code, message = '' } = asApiFailure(err);
  const m = authErrorsIn(locale);
  const lower = message.toLowerCase();
  switch (type) {
    case 'user_invalid_credentials':
      if (action === 'password' || action === 'profile') return { message: m.wrongCurrentPassword, field: action === 'password' ? 'oldPassword' : 'password' };
      return { message: m.wrongPassword, field: 'password' };
    case 'user_already_exists':
    case 'user_email_already_exists':
      return { message: m.emailTaken, field: 'email' };
    case 'user_phone_already_exists':
      return { message: m.phoneTaken, field: 'phone' };
    case 'password_recently_used':
    case 'user_password_recently_used':
      return { message: m.passwordReused, field: 'password' };
    case 'password_personal_data':
    case 'user_password_personal_data':
      return { message: m.passwordPersonal, field: 'password' };
    case 'user_invalid_token':
    case 'user_not_found':
      if (action === 'verify-phone' || action === 'mfa' || action === 'mfa-challenge') return { message: m.invalidCode, field: 'code' };
      if (action === 'sign-in') return { message: m.wrongPassword, field: 'password' };
      return { message: m.expiredLink };
    case 'user_blocked':
      return { message: m.blocked };
    case 'general_rate_limit_exceeded':
      return { message: m.rateLimited };
    case 'user_more_factors_required':
      return { message: m.mfaRequired };
    case 'user_email_already_verified':
      return { message: m.emailAlreadyVerified };
    case 'user_phone_already_verified':
      return { message: m.phoneAlreadyVerified };
    case 'user_phone_not_found':
      return { message: m.noPhone, field: 'phone' };
    case 'user_challenge_required':
      return { message: m.challengeRequired };
    case 'user_oauth2_provider_error':
      return { message: m.oauthFailed };
    case 'general_unknown_origin':
    case 'forbidden':
      return { message: m.invalidOrigin };
    case 'general_unauthorized_scope':
    case 'user_unauthorized':
    case 'user_session_not_found':
      return { message: m.signedOut };
    case 'general_argument_invalid':
      if (lower.includes('password') && (lower.includes('common') || lower.includes('dictionary'))) return { message: m.passwordCommon, field: 'password' };
      if (lower.includes('`password`') || lower.includes('password must') || lower.includes('"password"')) return { message: m.weakPassword, field: 'password' };
      if (lower.includes('`email`') || lower.includes('"email"')) return { message: m.invalidEmail, field: 'email' };
      if (lower.includes('`phone`') || lower.includes('"phone"')) return { message: m.invalidPhone, field: 'phone' };
      if (lower.includes('`otp`') || lower.includes('`secret`')) return { message: m.invalidCode, field: 'code' };
      break;
  }
  if (code === 429) return { message: m.rateLimited };
  if (code === undefined || code === 0) return { message: m.network };
  return { message: m.unexpected };
}
