import { say } from '../i18n/say.ts';
import type { Locale } from '../i18n/locale.ts';
import type { FormKind } from '../submissionKinds.ts';

// The forms' words in a language (docs/decisions/0032-french-and-i18n.md, "Forms"), through say
// (shared/i18n/say.ts): English is the field definitions' own text, word for word (staff e-mails and English pages
// read it there); other languages come from the forms' catalog (shared/i18n/forms/*.po; the reply promise,
// Accra-time and WhatsApp words from the common one), loaded by the form pages' French part in the browser and by
// functions/forms.ts in the Worker. No I/O.

/** A choice's message id, from its English value (the value posted stays English). */
export const choiceId = (value: string) => `forms.choice.${value.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;

export const choiceText = (locale: Locale, value: string) => say(locale, choiceId(value), value);

/** What a field's words are read from (a FieldDef of ./schema.ts, named structurally: schema.ts imports this module). */
type FieldWords = { name: string; label: string; hint?: string };

export const fieldLabel = (locale: Locale, kind: FormKind, def: FieldWords) => say(locale, `forms.${kind}.${def.name}.label`, def.label);

export const fieldHint = (locale: Locale, kind: FormKind, def: FieldWords) =>
  def.hint === undefined ? undefined : say(locale, `forms.${kind}.${def.name}.hint`, def.hint);
