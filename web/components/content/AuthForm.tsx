import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { accounts } from '../../../shared/content/accounts.ts';
import { useConfig, useConfigReady } from '../../config.tsx';
import { checkEmail, formMessagesIn } from '../../auth/validation.ts';
import { authErrorsIn } from '../../auth/errors.ts';
import { useAccountText } from '../../auth/text.ts';
import { useLocale } from '../../i18n/i18n.ts';
import { useEarlyInput } from '../../forms/earlyInput.ts';
import { nativeUntil } from '../../hydration/ready.tsx';
import { Input } from '../../ui/controls.tsx';

export interface AuthField<Name extends string = string> {
  name: Name;
  label: string;
  type: 'email' | 'password' | 'text' | 'tel';
  autoComplete: string;
  hint?: string;
  inputMode?: 'numeric' | 'tel' | 'email' | 'text';
  minLength?: number;
  /** Default true. */
  required?: boolean;
  /** Extra check before submitting: a message, or undefined when the value is fine. */
  check?: (value: string, values: Record<string, string>) => string | undefined;
}

/** What a submit ended in: a message for the whole form, or one for a field (marked and focused). */
export type FormOutcome =
  | { ok: true; message?: string; reset?: boolean }
  | { ok: false; message: string; field?: string };

// The account screens' form: every field labelled; hints and errors linked with aria-describedby; an
// invalid field marked aria-invalid and focused; browser validation off (the checks below and Appwrite's
// answer decide); a pending state; the outcome in a status or alert region.
// Generic in the fields' names, so that onSubmit gets a value for each of them.
export function AuthForm<Name extends string>({ fields, submitLabel, pendingLabel, label, onSubmit, children, secondary, initial }: {
  fields: readonly AuthField<Name>[];
  submitLabel: string;
  pendingLabel?: string;
  label: string;
  onSubmit: (values: Record<Name, string>) => Promise<FormOutcome> | FormOutcome;
  children?: ReactNode;
  /** A quieter submit button (for a second form on the same page). */
  secondary?: boolean;
  /** Values the fields start with (remount with a new `key` to apply new ones). */
  initial?: Partial<Record<Name, string>>;
}) {
  const id = useId();
  const locale = useLocale();
  const t = useAccountText();
  const [values, setValues] = useState<Record<string, string>>(() => ({ ...(initial as Record<string, string> | undefined) }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const [pending, setPending] = useState(false);
  const inputs = useRef<Record<string, HTMLInputElement | null>>({});
  const formRef = useRef<HTMLFormElement>(null);
  // What was typed before the app hydrated is kept.
  useEarlyInput(formRef, fields.map((f) => f.name), (typed) => setValues((old) => ({ ...old, ...typed })));

  const checkField = (f: AuthField<Name>, all: Record<string, string>): string | undefined => {
    const value = all[f.name] ?? '';
    if (!value.trim()) return f.required === false ? undefined : formMessagesIn(locale).required(f.label);
    if (f.type === 'email') {
      const bad = checkEmail(value, locale);
      if (bad) return bad;
    }
    if (f.minLength && value.length < f.minLength) return t('account.form.minLength', 'Use at least {min} characters.', { min: f.minLength });
    return f.check?.(value, all);
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (pending) return;
    // Read the DOM too: password managers may fill fields without change events.
    const all: Record<string, string> = {};
    for (const f of fields) all[f.name] = inputs.current[f.name]?.value ?? values[f.name] ?? '';
    const found: Record<string, string> = {};
    for (const f of fields) {
      const bad = checkField(f, all);
      if (bad) found[f.name] = bad;
    }
    setErrors(found);
    setOutcome(null);
    const first = fields.find((f) => found[f.name]);
    if (first) {
      inputs.current[first.name]?.focus();
      return;
    }
    setPending(true);
    let result: FormOutcome;
    try {
      result = await onSubmit(all as Record<Name, string>);
    } catch (err) {
      console.error(err);
      result = { ok: false, message: authErrorsIn(locale).unexpected };
    }
    setPending(false);
    if (!result.ok && result.field && fields.some((f) => f.name === result.field)) {
      setErrors({ [result.field]: result.message });
      inputs.current[result.field]?.focus();
      return;
    }
    setOutcome(result);
    if (result.ok && result.reset) setValues({});
  };

  const formError = outcome && !outcome.ok ? outcome.message : '';
  const formOk = outcome?.ok && outcome.message ? outcome.message : '';
  return (
    <form ref={formRef} {...nativeUntil('main')} aria-label={label} onSubmit={submit} noValidate className="space-y-5">
      {fields.map((f) => {
        const inputId = `${id}-${f.name}`;
        const error = errors[f.name];
        const describedBy = [f.hint ? `${inputId}-hint` : '', error ? `${inputId}-error` : ''].filter(Boolean).join(' ');
        return (
          <div key={f.name}>
            <label htmlFor={inputId} className="block text-sm font-semibold text-ink">{f.label}</label>
            <Input
              ref={(el) => { inputs.current[f.name] = el; }}
              id={inputId}
              name={f.name}
              type={f.type}
              autoComplete={f.autoComplete}
              inputMode={f.inputMode}
              spellCheck={f.type === 'email' ? false : undefined}
              required={f.required !== false}
              value={values[f.name] ?? ''}
              onChange={(e) => {
                const v = e.target.value;
                setValues((old) => ({ ...old, [f.name]: v }));
                if (errors[f.name]) setErrors(({ [f.name]: _, ...rest }) => rest);
              }}
              invalid={Boolean(error)}
              aria-describedby={describedBy || undefined}
              className="mt-1.5"
            />
            {f.hint ? <p id={`${inputId}-hint`} className="mt-1.5 text-sm text-slate-600">{f.hint}</p> : null}
            {error ? <p id={`${inputId}-error`} className="mt-1.5 text-sm font-medium text-red-700">{error}</p> : null}
          </div>
        );
      })}
      {children}
      <button
        type="submit"
        disabled={pending}
        aria-disabled={pending || undefined}
        className={`w-full rounded-lg px-5 py-3 font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-wait disabled:opacity-70 ${
          secondary ? 'border border-slate-300 bg-white text-ink hover:bg-slate-50' : 'bg-brand-600 text-white hover:bg-brand-700'
        }`}
      >
        {pending ? (pendingLabel ?? t('account.form.pleaseWait', 'Please wait…')) : submitLabel}
      </button>
      <div role="alert" className={formError ? 'rounded-lg bg-red-50 p-4 text-sm text-red-800 ring-1 ring-red-200' : 'sr-only'}>{formError}</div>
      <p role="status" className={formOk ? 'rounded-lg bg-emerald-50 p-4 text-sm text-emerald-900 ring-1 ring-emerald-200' : 'sr-only'}>{formOk}</p>
    </form>
  );
}

/** Whether accounts can be used here: not known until the configuration has arrived (after hydration). */
export function useAccountsAvailable(): boolean | null {
  const config = useConfig();
  const ready = useConfigReady();
  return ready ? !!config?.appwrite : null;
}

/** Says plainly that accounts are unavailable (Appwrite is not configured on this site). */
export function AccountsUnavailable() {
  const t = useAccountText();
  return <p role="status" className="rounded-lg bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200">{t('account.notAvailable', accounts.notAvailable)}</p>;
}

/** The centred card that frames an account screen, with the page's h1. */
export function AuthCard({ title, lead, children, footer }: { title: string; lead: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white px-4 py-16 sm:py-24">
      <div className="mx-auto max-w-md rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-3xl font-extrabold tracking-tight text-ink">{title}</h1>
        <p className="mt-2 leading-7 text-slate-600">{lead}</p>
        <div className="mt-8">{children}</div>
        {footer ? <div className="mt-8 border-t border-slate-200 pt-6 text-center text-sm text-slate-700">{footer}</div> : null}
      </div>
    </div>
  );
}

export const authLinkClass = 'font-semibold text-brand-700 hover:underline';
