import type { ReactNode } from 'react';
import { choiceText, fieldHint, fieldLabel } from '../../shared/forms/text.ts';
import { formMessagesIn } from '../../shared/forms/messages.ts';
import type { FormKind } from '../../shared/forms/definitions.ts';
import type { FieldDef } from '../../shared/forms/fields.ts';
import { useLocale } from '../i18n/i18n.ts';
import { Input, Select, Textarea } from '../ui/controls.tsx';

// One labelled field. Its hint and error are linked with aria-describedby; an invalid field is marked
// aria-invalid. Browser validation is off (the form has noValidate): the shared schema decides.

export const fieldId = (formId: string, name: string) => `${formId}-${name}`;

const inputTypes: Partial<Record<FieldDef['type'], string>> = { email: 'email', tel: 'tel', url: 'url', date: 'date' };

export function FormField({
  formId, kind, def, value, error, min, onChange, onBlur, inputRef,
}: {
  formId: string;
  kind: FormKind;
  def: FieldDef;
  value: string;
  error?: string;
  /** For date fields: the earliest date the browser's picker offers. */
  min?: string;
  onChange(name: string, value: string): void;
  onBlur(name: string): void;
  inputRef(element: HTMLElement | null): void;
}) {
  const locale = useLocale();
  const hint = fieldHint(locale, kind, def);
  const id = fieldId(formId, def.name);
  const hintId = def.hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const shared = {
    id,
    name: def.name,
    ref: inputRef,
    value,
    required: def.required,
    invalid: Boolean(error),
    'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
    onBlur: () => onBlur(def.name),
    className: 'mt-2',
  } as const;

  let input: ReactNode;
  if (def.type === 'textarea') {
    input = <Textarea {...shared} rows={def.rows ?? 4} maxLength={def.max} onChange={(e) => onChange(def.name, e.target.value)} />;
  } else if (def.type === 'select') {
    input = (
      <Select {...shared} onChange={(e) => onChange(def.name, e.target.value)}>
        <option value="">{formMessagesIn(locale).choose}</option>
        {def.options?.map((o) => <option key={o} value={o}>{choiceText(locale, o)}</option>)}
      </Select>
    );
  } else {
    input = (
      <Input
        {...shared}
        type={inputTypes[def.type] ?? 'text'}
        maxLength={def.type === 'date' ? undefined : def.max}
        min={min}
        autoComplete={def.autoComplete ?? (def.type === 'timezone' ? 'off' : undefined)}
        placeholder={def.placeholder}
        spellCheck={def.type === 'email' || def.type === 'url' ? false : undefined}
        onChange={(e) => onChange(def.name, e.target.value)}
      />
    );
  }

  return (
    <div className={def.type === 'textarea' ? 'sm:col-span-2' : undefined}>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">{fieldLabel(locale, kind, def)}</label>
      {hint ? <p id={hintId} className="mt-1 text-sm text-slate-600">{hint}</p> : null}
      {input}
      {error ? (
        <p id={errorId} className="mt-2 flex items-start gap-1.5 text-sm font-medium text-red-700">
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="mt-0.5 h-4 w-4 shrink-0">
            <path fillRule="evenodd" d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a1 1 0 0 0-1 1v4a1 1 0 1 0 2 0V6a1 1 0 0 0-1-1Zm0 9a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z" clipRule="evenodd" />
          </svg>
          {error}
        </p>
      ) : null}
    </div>
  );
}
