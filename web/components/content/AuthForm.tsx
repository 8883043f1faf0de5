import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { accounts } from '../../../shared/content/accounts.ts';

export interface AuthField {
  name: string;
  label: string;
  type: 'email' | 'password' | 'text' | 'tel';
  autoComplete: string;
  hint?: string;
  inputMode?: 'numeric' | 'tel' | 'email' | 'text';
  minLength?: number;
}

// The account screens (sign-in, sign-up, verification, reset). Until the accounts issue wires Appwrite,
// a submit only reports in a status region that accounts are not available yet.
export function AuthForm({ fields, submitLabel, label, children }: { fields: AuthField[]; submitLabel: string; label: string; children?: ReactNode }) {
  const id = useId();
  const [message, setMessage] = useState('');
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setMessage(accounts.notAvailable);
  };
  return (
    <form aria-label={label} onSubmit={onSubmit} className="space-y-5">
      {fields.map((f) => {
        const inputId = `${id}-${f.name}`;
        return (
          <div key={f.name}>
            <label htmlFor={inputId} className="block text-sm font-semibold text-ink">{f.label}</label>
            <input
              id={inputId}
              name={f.name}
              type={f.type}
              autoComplete={f.autoComplete}
              inputMode={f.inputMode}
              minLength={f.minLength}
              required
              aria-describedby={f.hint ? `${inputId}-hint` : undefined}
              className="mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-ink shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-brand-600"
            />
            {f.hint ? <p id={`${inputId}-hint`} className="mt-1.5 text-sm text-slate-600">{f.hint}</p> : null}
          </div>
        );
      })}
      {children}
      <button type="submit" className="w-full rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white transition-colors hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
        {submitLabel}
      </button>
      <p role="status" className={message ? 'rounded-lg bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200' : 'sr-only'}>{message}</p>
    </form>
  );
}

/** The centred card that frames an account screen, with the page's h1. */
export function AuthCard({ title, lead, children, footer }: { title: string; lead: string; children: ReactNode; footer?: ReactNode }) {
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
