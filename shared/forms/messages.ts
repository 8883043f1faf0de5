import type { Locale } from '../i18n/locale.ts';
import type { FormValues } from './fields.ts';
import { say } from '../i18n/say.ts';

// The forms' own words and the shape of what they send, without the validation (shared/forms/validate.ts).

/**
 * The honeypot: hidden from people and assistive technology, so only robots fill it. A filled one is
 * answered like a success and not delivered.
 */
export const HONEYPOT_FIELD = '_honey';

/**
 * POST /api/forms/<kind> takes a JSON object: the form's fields by name, plus `id` (the submission id,
 * made once per form fill with shared/id.ts so that a retried or double-clicked submit is the same
 * submission; the Worker makes one if it is absent) and the honeypot.
 */
export type FormRequestBody = FormValues & { id?: string; [HONEYPOT_FIELD]?: string };

/** 202: stored durably (on the queue); delivery follows. */
export interface FormAccepted {
  id: string;
  /** ISO 8601: the reply promise's end (arrival + 24 h, shared/replyBy.ts), for "by when" on the success page. */
  replyBy: string;
}

/** Client-side messages of the forms (errors the server sends arrive with their own message). */
export const formMessages = {
  summary: (count: number) =>
    count === 1 ? 'Please correct 1 field before sending:' : `Please correct ${count} fields before sending:`,
  network: 'We could not reach our server, so nothing was sent. Please check your connection and try again; what you typed is still here.',
  unavailable: 'We could not store your message just now, so nothing was sent. Please try again in a moment.',
  unexpected: 'Something went wrong on our side, so nothing was sent. Please try again.',
  sending: 'Sending...',
} as const;

type FormMessageKey = Exclude<keyof typeof formMessages, 'summary'>;

/** The forms' own messages in `locale` (English: formMessages, word for word). */
export function formMessagesIn(locale: Locale) {
  const t = (key: FormMessageKey) => say(locale, `forms.${key}`, formMessages[key]);
  return {
    summary: (count: number) => say(locale, 'forms.summary', formMessages.summary(count), { count }),
    network: t('network'),
    unavailable: t('unavailable'),
    unexpected: t('unexpected'),
    sending: t('sending'),
    requiredNote: say(locale, 'forms.requiredNote', 'Fields not marked optional are required.'),
    choose: say(locale, 'forms.choose', 'Choose…'),
    honeypot: say(locale, 'forms.honeypot', 'Leave this field empty'),
  };
}
