import { formDefinitions, type FormKind } from './definitions.ts';
import { fieldErrors, formSchema, wordingOf, type FieldErrors, type FormValues } from './schema.ts';
import type { Locale } from '../i18n/locale.ts';

// Validation with zod, apart from the forms' definitions and words: the SPA loads it with a visitor's first
// input in a form, not with the page (web/forms/validation.ts); the Worker checks every arrival with it.

const schemas = new Map<string, ReturnType<typeof formSchema>>();
/** The zod schema of a form kind, used by the SPA before sending and by the Worker on arrival. Built on
 * first use: a page shows one form, and building all five at module load was main-thread time before
 * hydration (docs/decisions/0009-first-paint-from-html.md). */
export function formSchemaOf(kind: FormKind, locale: Locale = 'en'): ReturnType<typeof formSchema> {
  let schema = schemas.get(`${kind}:${locale}`);
  if (!schema) {
    schema = formSchema(formDefinitions[kind].fields, formDefinitions[kind].check, undefined, wordingOf(kind, locale));
    schemas.set(`${kind}:${locale}`, schema);
  }
  return schema;
}

export type ValidationResult = { success: true; data: FormValues } | { success: false; fields: FieldErrors };

export function validateForm(kind: FormKind, input: unknown, locale: Locale = 'en'): ValidationResult {
  const parsed = formSchemaOf(kind, locale).safeParse(input);
  return parsed.success ? { success: true, data: parsed.data } : { success: false, fields: fieldErrors(parsed.error) };
}
