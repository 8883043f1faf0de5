import { isEmailAddress } from './email.ts';

// FormSubmit turns `_subject` and `_replyto` into e-mail headers. Text a visitor chose (a name, a company,
// an address the assistant was told) must not be able to add a header line or smuggle control characters
// into them, whatever path it took to get there (form, chat flow, AI tool).

/** Longest subject we send; mail clients show far less, and header lines should stay short. */
export const MAX_SUBJECT_CHARS = 200;

/** One line of header text: CR, LF and every other control character become spaces, runs collapsed. */
export function headerText(text: string, maxChars = MAX_SUBJECT_CHARS): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes (they must not reach a mail header)
  const line = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').replace(/\s+/g, ' ').trim();
  return [...line].slice(0, maxChars).join('');
}

/** A reply-to address, or undefined when the value is not exactly one valid e-mail address. */
export function replyToAddress(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const address = value.trim();
  return address === headerText(address) && isEmailAddress(address) ? address : undefined;
}
