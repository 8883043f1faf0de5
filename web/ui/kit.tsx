import { useState, type ReactNode } from 'react';
import { LOCALE_TAGS, type Locale } from '../../shared/i18n/locale.ts';

// The account areas' UI kit (dashboard, admin): a card per topic with its h2, messages and
// buttons that look alike across the sections.

export function Panel({ id, title, intro, children, action }: { id: string; title: string; intro?: ReactNode; children: ReactNode; action?: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={`${id}-title`} className="text-xl font-bold text-ink">{title}</h2>
        {action}
      </div>
      {intro ? <div className="mt-1 text-sm leading-6 text-slate-600">{intro}</div> : null}
      <div className="mt-6">{children}</div>
    </section>
  );
}

const tones = {
  ok: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  warn: 'bg-amber-50 text-amber-900 ring-amber-200',
  error: 'bg-red-50 text-red-800 ring-red-200',
  info: 'bg-slate-50 text-slate-800 ring-slate-200',
} as const;

/** A message inside a panel; errors are announced at once (alert), the rest politely (status). */
export function Note({ tone = 'info', children }: { tone?: keyof typeof tones; children: ReactNode }) {
  return <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-lg p-4 text-sm ring-1 ${tones[tone]}`}>{children}</div>;
}

export const buttonClass = {
  primary: 'inline-flex items-center justify-center rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-wait disabled:opacity-70',
  secondary: 'inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-ink hover:bg-slate-50 disabled:cursor-wait disabled:opacity-70',
  danger: 'inline-flex items-center justify-center rounded-lg border border-red-300 bg-white px-4 py-2.5 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:cursor-wait disabled:opacity-70',
} as const;

/** A button that runs an async action: disabled while it runs, its outcome shown below it. */
export function ActionButton({ children, run, variant = 'secondary', pendingLabel = 'Please wait…', describedBy }: {
  children: ReactNode;
  run: () => Promise<{ ok: boolean; message?: string } | undefined>;
  variant?: keyof typeof buttonClass;
  pendingLabel?: string;
  describedBy?: string;
}) {
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message?: string } | null>(null);
  return (
    <div className="space-y-3">
      <button
        type="button"
        disabled={pending}
        aria-describedby={describedBy}
        className={buttonClass[variant]}
        onClick={async () => {
          setPending(true);
          setOutcome(null);
          try {
            setOutcome((await run()) ?? null);
          } catch (err) {
            console.error(err);
            setOutcome({ ok: false, message: 'Something went wrong on our side. Please try again in a moment.' });
          }
          setPending(false);
        }}
      >
        {pending ? pendingLabel : children}
      </button>
      {outcome?.message ? <Note tone={outcome.ok ? 'ok' : 'error'}>{outcome.message}</Note> : null}
    </div>
  );
}

/** "12 Mar 2026, 14:05" in the visitor's time zone. */
export function formatDate(iso: string, locale: Locale = 'en'): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : LOCALE_TAGS[locale], { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}
