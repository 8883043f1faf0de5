import { isEmailAddress } from '../../shared/email.ts';
import { messagesIn, say } from '../../shared/i18n/say.ts';
import type { Locale } from '../../shared/i18n/locale.ts';

// Checks the account forms make before calling Appwrite (no I/O; unit-tested). Appwrite has the last word
// (web/auth/errors.ts turns its answers into messages); these catch the obvious slips without a request.

/** Appwrite's password rule: 8 to 256 characters. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

/** The messages without a placeholder. */
const fixedMessages = {
  email: 'Enter a valid email address, like name@example.com.',
  passwordShort: `Use at least ${PASSWORD_MIN} characters.`,
  passwordLong: `Use at most ${PASSWORD_MAX} characters.`,
  passwordsDiffer: 'The two passwords are not the same.',
  phone: 'Enter the number with its country code, for example +233 24 123 4567.',
  code: 'Enter the 6-digit code.',
} as const;

export const formMessages = {
  required: (label: string) => `Enter your ${label.toLowerCase()}.`,
  ...fixedMessages,
} as const;

/** The messages in `locale` (shared/i18n/account, ids `account.form.<key>`; the label comes in that language too). */
export function formMessagesIn(locale: Locale): typeof formMessages {
  if (locale === 'en') return formMessages;
  return {
    ...messagesIn(locale, 'account.form', fixedMessages),
    required: (label: string) => say(locale, 'account.form.required', 'Enter your {label}.', { label: label.toLowerCase() }),
  };
}

export function checkEmail(value: string, locale: Locale = 'en'): string | undefined {
  return isEmailAddress(value.trim()) ? undefined : formMessagesIn(locale).email;
}

export function checkNewPassword(value: string, locale: Locale = 'en'): string | undefined {
  if (value.length < PASSWORD_MIN) return formMessagesIn(locale).passwordShort;
  if (value.length > PASSWORD_MAX) return formMessagesIn(locale).passwordLong;
  return undefined;
}

/**
 * A phone number as Appwrite wants it (E.164: + and up to 15 digits), from what people type: spaces,
 * dashes, dots and brackets are dropped, a leading 00 becomes +. Null when it cannot be one.
 */
export function normalisePhone(value: string): string | null {
  let v = value.trim().replace(/[\s\-().]/g, '');
  if (v.startsWith('00')) v = `+${v.slice(2)}`;
  return /^\+[1-9]\d{6,14}$/.test(v) ? v : null;
}

export function checkPhone(value: string, locale: Locale = 'en'): string | undefined {
  return normalisePhone(value) ? undefined : formMessagesIn(locale).phone;
}

/** A one-time code: 6 digits (spaces allowed between them). */
export function checkCode(value: string, locale: Locale = 'en'): string | undefined {
  return /^\d{6}$/.test(value.replace(/\s+/g, '')) ? undefined : formMessagesIn(locale).code;
}
