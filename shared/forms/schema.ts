import { z } from 'zod';
import { isEmailAddress } from '../email.ts';
import {
  englishWording, isCalendarDate, isTimeZone, normaliseUrl, type FieldDef, type FieldErrors, type FieldMessages, type FormCheck, type FormValues, type FormWording,
} from './fields.ts';

// Field definitions drive both the form the visitor sees (web/forms) and the zod schema that validates it
// in the browser and again in the Worker, so the two can never disagree.
export * from './fields.ts';

const phonePattern = /^\+?[0-9()][0-9 ()\-.]*[0-9]$/;
function isWebUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/i.test(url.hostname);
  } catch {
    return false;
  }
}

/** Checks of one non-empty value by type; returns the message or undefined. */
function checkValue(def: FieldDef, value: string, fieldMessages: FieldMessages): string | undefined {
  switch (def.type) {
    case 'email':
      return isEmailAddress(value) ? undefined : fieldMessages.email;
    case 'url':
      return isWebUrl(normaliseUrl(value)) ? undefined : fieldMessages.url;
    case 'tel': {
      const digits = value.replace(/\D/g, '').length;
      return phonePattern.test(value) && digits >= 7 && digits <= 15 ? undefined : fieldMessages.tel;
    }
    case 'select':
      return def.options?.includes(value) ? undefined : fieldMessages.choice;
    case 'date':
      return isCalendarDate(value) ? undefined : fieldMessages.date;
    case 'timezone':
      return isTimeZone(value) ? undefined : fieldMessages.timeZone;
    default:
      return undefined;
  }
}

/** The schema of one field: trimmed string, required or '' when optional, checked by type. */
export function fieldSchema(def: FieldDef, wording: FormWording = englishWording) {
  const { messages: fieldMessages } = wording;
  return z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z
      .string({ error: fieldMessages.notText })
      .trim()
      .superRefine((value, ctx) => {
        const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
        if (value === '') {
          if (def.required) fail(wording.required(def));
          return;
        }
        if (value.length > def.max) return fail(fieldMessages.tooLong(def.max));
        if (def.min && value.length < def.min) return fail(fieldMessages.tooShort(def.min));
        const problem = checkValue(def, value, fieldMessages);
        if (problem) fail(problem);
      })
      .transform((value) => (def.type === 'url' && value ? normaliseUrl(value) : value)),
  );
}

export function formSchema(fields: readonly FieldDef[], check?: FormCheck, now: () => Date = () => new Date(), wording: FormWording = englishWording) {
  const shape = Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f, wording)]));
  return z.object(shape).superRefine((values, ctx) => {
    const errors = check?.(values as FormValues, now(), wording.messages) ?? {};
    for (const [name, message] of Object.entries(errors)) ctx.addIssue({ code: 'custom', path: [name], message });
  }) as unknown as z.ZodType<FormValues, unknown>;
}

/** The first message of each field, keyed by field name. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : '_form';
    out[key] ??= issue.message;
  }
  return out;
}
