import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useHref, useI18n } from '../../i18n/i18n.ts';

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg px-5 py-3 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2';
const variants = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-brand-600',
  secondary: 'border border-slate-300 bg-white text-ink hover:border-slate-400 hover:bg-slate-50 focus-visible:outline-brand-600',
  /** On dark backgrounds. */
  light: 'bg-white text-ink hover:bg-brand-50 focus-visible:outline-white',
  outlineLight: 'border border-white/40 text-white hover:bg-white/10 focus-visible:outline-white',
} as const;
export type ButtonVariant = keyof typeof variants;

export const buttonClass = (variant: ButtonVariant = 'primary') => `${base} ${variants[variant]}`;

/** A link that looks like a button (internal navigation). */
export function ButtonLink({ to, variant = 'primary', children }: { to: string; variant?: ButtonVariant; children: ReactNode }) {
  return <Link to={to} className={buttonClass(variant)}>{children}</Link>;
}

/** A text link with an arrow ("See all services →"). */
export function ArrowLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:text-brand-600 hover:underline">
      {children}
      <span aria-hidden="true">→</span>
    </Link>
  );
}

/** The closing call to action of most pages: book a consultation or write to us. */
export function CtaBand({
  title = 'Let’s build something great together',
  text = 'Book a free 30-minute consultation, or tell us about your project and we’ll reply within 24 hours.',
  id = 'cta',
  actions,
}: { title?: string; text?: string; id?: string; actions?: ReactNode }) {
  const i18n = useI18n();
  const to = useHref();
  return (
    <section aria-labelledby={`${id}-title`} className="bg-ink">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-16 md:flex-row md:items-center md:justify-between">
        <div className="max-w-2xl">
          <h2 id={`${id}-title`} className="text-3xl font-bold tracking-tight text-white">{title}</h2>
          <p className="mt-3 text-lg text-slate-300">{text}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          {actions ?? (
            <>
              <ButtonLink to={to('/booking')} variant="light">{i18n._('cta.book')}</ButtonLink>
              <ButtonLink to={to('/contact')} variant="outlineLight">{i18n._('cta.contact')}</ButtonLink>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
