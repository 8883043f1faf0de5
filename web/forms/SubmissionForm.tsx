import { useEffect, useEffectEvent, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { uniqueId } from '../../shared/id.ts';
import { kindLabels } from '../../shared/submissionKinds.ts';
import { formDefinitions, type FormKind } from '../../shared/forms/definitions.ts';
import { formMessagesIn, HONEYPOT_FIELD } from '../../shared/forms/messages.ts';
import type { FieldErrors, FormValues } from '../../shared/forms/fields.ts';
import { fieldLabel } from '../../shared/forms/text.ts';
import { pathIn } from '../../shared/i18n/locale.ts';
import { useLocale } from '../i18n/i18n.ts';
import { FormField, fieldId } from './FormField.tsx';
import { loadSubmit, loadValidation } from './validation.ts';
import { useEarlyInput } from './earlyInput.ts';
import { nativeUntil } from '../hydration/ready.tsx';

// The one form component behind all five forms, driven by the field definitions in shared/forms. Errors
// appear next to their fields when a field is left and on submit; on submit a summary is announced and
// focus moves to the first invalid field. The server's answers are shown the same way.

const todayLocal = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

export function SubmissionForm({
  kind, submitLabel, label = kindLabels[kind], prefill, extra,
}: {
  kind: FormKind;
  /** The submit button's text, e.g. "Send message". */
  submitLabel: string;
  /** The form's accessible name; by default the kind's name (shared/submissionKinds.ts). */
  label?: string;
  /** Values to start with, read after hydration (so the prerendered HTML stays the same). */
  prefill?: () => Partial<FormValues>;
  /** Shown under the fields, from the values as they are typed (the booking request's Accra time). */
  extra?: (values: FormValues) => ReactNode;
}) {
  const def = formDefinitions[kind];
  const locale = useLocale();
  const formMessages = formMessagesIn(locale);
  const formId = `form-${kind}`;
  const navigate = useNavigate();
  const [values, setValues] = useState<FormValues>(() => Object.fromEntries(def.fields.map((f) => [f.name, ''])));
  const [errors, setErrors] = useState<FieldErrors>({});
  /** The fields named in the announced summary (set on submit, cleared once all are fixed). */
  const [summary, setSummary] = useState<string[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [today, setToday] = useState<string | undefined>();
  const formRef = useRef<HTMLFormElement>(null);
  const fieldRefs = useRef<Record<string, HTMLElement | null>>({});
  const honeyRef = useRef<HTMLInputElement>(null);
  /** One id per form fill: a retried or double-clicked submit of the same values is the same submission. */
  const submission = useRef<{ id: string; values: string } | null>(null);
  const sendingRef = useRef(false);
  /** Fields the visitor has changed. */
  const dirty = useRef(new Set<string>());

  // What was typed before the app hydrated is kept, and counts as changed.
  useEarlyInput(formRef, def.fields.map((f) => f.name), (typed) => {
    for (const name of Object.keys(typed)) dirty.current.add(name);
    setValues((v) => ({ ...v, ...typed }));
    prepareValidation();
  });

  // Prefill once, after hydration (fields already filled keep their value).
  const applyPrefill = useEffectEvent(() => {
    setToday(todayLocal());
    const initial = prefill?.();
    if (initial) {
      setValues((v) => {
        const out = { ...v };
        for (const [k, x] of Object.entries(initial)) if (k in v && x && !v[k]) out[k] = x;
        return out;
      });
    }
  });
  useEffect(() => applyPrefill(), []);

  // The validator comes with the first focus in the form (web/forms/validation.ts); a failed fetch is
  // tried again on the next check, and a submit that cannot get it says so.
  const prepareValidation = () => {
    void loadValidation().catch(() => {});
    void loadSubmit().catch(() => {});
  };

  const errorsFor = async (next: FormValues): Promise<FieldErrors | undefined> => {
    const validate = await loadValidation().catch(() => undefined);
    const result = validate?.(kind, next, locale);
    return result && (result.success ? {} : result.fields);
  };

  const focusField = (name: string) => fieldRefs.current[name]?.focus();

  const showErrors = (fields: FieldErrors) => {
    setErrors(fields);
    const ordered = def.fields.map((f) => f.name).filter((n) => fields[n]);
    setSummary(ordered);
    if (ordered[0]) focusField(ordered[0]);
  };

  /** Re-checks some fields against all values; fixed ones lose their error. */
  const recheck = async (next: FormValues, names: string[]) => {
    const all = await errorsFor(next);
    if (!all) return;
    setErrors((current) => {
      const out = { ...current };
      for (const name of names) {
        if (all[name]) out[name] = all[name]!;
        else delete out[name];
      }
      return out;
    });
  };
  // Once every error is fixed, the summary goes too.
  useEffect(() => {
    if (!Object.keys(errors).length) setSummary([]);
  }, [errors]);

  const onChange = (name: string, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    dirty.current.add(name);
    // A field already marked wrong is re-checked as it is corrected.
    if (errors[name]) void recheck(next, [name]);
  };

  const onBlur = (name: string) => {
    // A field is checked when it is left after being changed (tabbing past an empty field is not an error
    // yet). Fields checked together, such as a date and its time zone, follow along.
    if (!dirty.current.has(name) && !errors[name]) return;
    void recheck(values, [name, ...Object.keys(errors)]);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sendingRef.current) return;
    setFormError(null);
    sendingRef.current = true;
    const validate = await loadValidation().catch(() => undefined);
    sendingRef.current = false;
    if (!validate) {
      setFormError(formMessages.network);
      return;
    }
    const result = validate(kind, values, locale);
    if (!result.success) {
      showErrors(result.fields);
      return;
    }
    setErrors({});
    setSummary([]);

    const snapshot = JSON.stringify(result.data);
    if (submission.current?.values !== snapshot) submission.current = { id: uniqueId(), values: snapshot };
    const { id } = submission.current;

    sendingRef.current = true;
    setSending(true);
    const outcome = await loadSubmit().then(
      (submit) => submit(kind, locale, { ...result.data, id, [HONEYPOT_FIELD]: honeyRef.current?.value ?? '' }),
      () => ({ type: 'error', message: formMessages.network }) as const,
    );
    sendingRef.current = false;
    setSending(false);
    if (outcome.type === 'accepted') {
      navigate(pathIn(locale, '/success'), { state: { kind, id: outcome.id, replyBy: outcome.replyBy } });
    } else if (outcome.type === 'invalid') {
      showErrors(outcome.fields);
    } else {
      setFormError(outcome.message);
    }
  }

  const labelOf = (name: string) => {
    const field = def.fields.find((f) => f.name === name);
    return field ? fieldLabel(locale, kind, field) : name;
  };

  return (
    <form ref={formRef} {...nativeUntil('main')} id={formId} aria-label={label} noValidate onSubmit={onSubmit} onFocus={prepareValidation} className="space-y-6">
      {summary.length ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          <p className="font-semibold">{formMessages.summary(summary.length)}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
            {summary.map((name) => (
              <li key={name}>
                <a
                  href={`#${fieldId(formId, name)}`}
                  className="underline"
                  onClick={(e) => {
                    e.preventDefault();
                    focusField(name);
                  }}
                >
                  {labelOf(name)}
                </a>
                {errors[name] ? `${locale === 'fr' ? '\u202f:' : ':'} ${errors[name]}` : ''}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="grid gap-6 sm:grid-cols-2">
        {def.fields.map((f) => (
          <FormField
            key={f.name}
            formId={formId}
            kind={kind}
            def={f}
            value={values[f.name] ?? ''}
            error={errors[f.name]}
            min={f.type === 'date' ? today : undefined}
            onChange={onChange}
            onBlur={onBlur}
            inputRef={(el) => {
              fieldRefs.current[f.name] = el;
            }}
          />
        ))}
      </div>
      {extra?.(values)}

      {/* The honeypot: invisible to people and to assistive technology; robots fill it. */}
      <div className="hidden" aria-hidden="true">
        <label htmlFor={`${formId}-${HONEYPOT_FIELD}`}>{formMessages.honeypot}</label>
        <input ref={honeyRef} id={`${formId}-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      {formError ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 font-medium text-red-800">{formError}</div>
      ) : null}

      <div className="flex flex-wrap items-center gap-4">
        <button
          type="submit"
          aria-disabled={sending || undefined}
          className={`inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-6 py-3 text-base font-semibold text-white transition-colors hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${sending ? 'cursor-wait opacity-70' : ''}`}
        >
          {sending ? (
            <>
              <span aria-hidden="true" className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-white border-t-transparent" />
              {formMessages.sending}
            </>
          ) : submitLabel}
        </button>
        <p className="text-sm text-slate-600">{formMessages.requiredNote}</p>
      </div>
      <p role="status" className="sr-only">{sending ? formMessages.sending : ''}</p>
    </form>
  );
}
