import type { Locale } from '../i18n/locale.ts';
import { say } from '../i18n/say.ts';

// What a form's fields are and the checks of their values, without zod (shared/forms/schema.ts builds the
// schemas from them): a form page renders from these, and validation comes with the first input
// (web/forms/validation.ts).

export type FieldType = 'text' | 'email' | 'tel' | 'url' | 'textarea' | 'select' | 'date' | 'timezone';

export interface FieldDef {
  name: string;
  label: string;
  type: FieldType;
  required: boolean;
  /** How messages name the value: "your name" gives "Please enter your name." */
  noun: string;
  max: number;
  min?: number;
  options?: readonly string[];
  /** Shown under the label and linked to the field with aria-describedby. */
  hint?: string;
  autoComplete?: string;
  placeholder?: string;
  rows?: number;
}

/** Every value is a trimmed string; an empty optional field is ''. */
export type FormValues = Record<string, string>;
/** One message per field name. */
export type FieldErrors = Record<string, string>;

export const fieldMessages = {
  notText: 'Please enter text.',
  tooLong: (max: number) => `Please shorten this to ${max} characters or fewer.`,
  tooShort: (min: number) => `Please write at least ${min} characters.`,
  email: 'Please enter a valid email address, like name@example.com.',
  url: 'Please enter a valid web address, like https://example.com.',
  tel: 'Please enter a valid phone number with its country code, like +233 24 123 4567.',
  choice: 'Please choose one of the options.',
  date: 'Please enter a date as YYYY-MM-DD.',
  datePast: 'Please choose a date that is not in the past.',
  dateTooFar: 'Please choose a date within the next 12 months.',
  timeZone: 'Please enter a time zone such as Africa/Accra or Europe/London.',
} as const;

export type FieldMessages = { [K in keyof typeof fieldMessages]: (typeof fieldMessages)[K] extends string ? string : (n: number) => string };

/** The field messages in `locale` (English: fieldMessages, word for word). */
export function fieldMessagesIn(locale: Locale): FieldMessages {
  if (locale === 'en') return fieldMessages;
  const t = (key: keyof typeof fieldMessages) => say(locale, `forms.error.${key}`, fieldMessages[key] as string);
  return {
    notText: t('notText'),
    tooLong: (max) => say(locale, 'forms.error.tooLong', fieldMessages.tooLong(max), { max }),
    tooShort: (min) => say(locale, 'forms.error.tooShort', fieldMessages.tooShort(min), { min }),
    email: t('email'),
    url: t('url'),
    tel: t('tel'),
    choice: t('choice'),
    date: t('date'),
    datePast: t('datePast'),
    dateTooFar: t('dateTooFar'),
    timeZone: t('timeZone'),
  };
}

/** How a form's messages are worded: its kind's field messages and "Please enter your name." per field. */
export interface FormWording {
  messages: FieldMessages;
  required(def: FieldDef): string;
}

export const englishWording: FormWording = { messages: fieldMessages, required: (def) => requiredMessage(def) };

/** The wording of the form `kind` in `locale`. */
export function wordingOf(kind: string, locale: Locale): FormWording {
  if (locale === 'en') return englishWording;
  return { messages: fieldMessagesIn(locale), required: (def) => say(locale, `forms.${kind}.${def.name}.required`, requiredMessage(def)) };
}

const datePattern = /^\d{4}-\d{2}-\d{2}$/;

/** "example.com" is accepted and stored as "https://example.com". */
export function normaliseUrl(value: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value.replace(/^\/+/, '')}`;
}

export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(value) && value !== 'UTC') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A calendar date (YYYY-MM-DD) that exists. */
export function isCalendarDate(value: string): boolean {
  if (!datePattern.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Today's date (YYYY-MM-DD) in a time zone. */
export function todayIn(timeZone: string, now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export function requiredMessage(def: FieldDef): string {
  const verb = def.type === 'select' || def.type === 'date' ? 'choose' : 'enter';
  return `Please ${verb} ${def.noun}.`;
}

/** Checks across fields (for example a date that must not be in the past in the visitor's time zone). */
export type FormCheck = (values: FormValues, now: Date, messages: FieldMessages) => FieldErrors | undefined;
