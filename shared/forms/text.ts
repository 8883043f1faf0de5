import { catalog } from '../i18n/catalogs.ts';
import type { Locale } from '../i18n/locale.ts';
import type { FormKind } from '../submissionKinds.ts';

// The forms' words in a language (docs/decisions/0032-french-and-i18n.md, "Forms"). English is the field
// definitions' and messages' own text, word for word (staff e-mails and English pages read it there); other
// languages come from the forms' catalog (shared/i18n/forms/*.po; the reply promise, Accra-time and WhatsApp words
// from the common one), loaded by the form pages' French part in the browser and by functions/forms.ts in the Worker. A message the catalog lacks stays English rather than showing an
// id. No I/O.

/** `english` in `locale`: the catalog's message `id` (with `values`), or the English when it has none. */
export function textIn(locale: Locale, id: string, english: string, values?: Record<string, unknown>): string {
  if (locale === 'en') return english;
  const i18n = catalog(locale);
  return i18n.messages[id] ? i18n._(id, values) : english;
}

/** A choice's message id, from its English value (the value posted stays English). */
export const choiceId = (value: string) => `forms.choice.${value.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;

export const choiceText = (locale: Locale, value: string) => textIn(locale, choiceId(value), value);

/** What a field's words are read from (a FieldDef of ./schema.ts, named structurally: schema.ts imports this module). */
type FieldWords = { name: string; label: string; hint?: string };

export const fieldLabel = (locale: Locale, kind: FormKind, def: FieldWords) => textIn(locale, `forms.${kind}.${def.name}.label`, def.label);

export const fieldHint = (locale: Locale, kind: FormKind, def: FieldWords) =>
  def.hint === undefined ? undefined : textIn(locale, `forms.${kind}.${def.name}.hint`, def.hint);
