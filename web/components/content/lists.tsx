import type { FaqItem, ProcessStep } from '../../../shared/content/types.ts';
import { useLocale } from '../../i18n/i18n.ts';

/** Numbered steps ("How we work"). Step titles are h3: use inside a Section. */
export function Steps({ steps, columns = 'lg:grid-cols-5' }: { steps: readonly ProcessStep[]; columns?: string }) {
  return (
    <ol className={`grid gap-6 sm:grid-cols-2 ${columns}`}>
      {steps.map((s, i) => (
        <li key={s.title} className="relative rounded-2xl border border-slate-200 bg-white p-6">
          <span aria-hidden="true" className="grid h-9 w-9 place-items-center rounded-full bg-brand-600 text-sm font-bold text-white">
            {i + 1}
          </span>
          <h3 className="mt-4 text-lg font-semibold text-ink">{s.title}</h3>
          <p className="mt-2 leading-7 text-slate-600">{s.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** Title-and-text items in a grid (values, audiences, culture). Titles are h3. */
export function FeatureGrid({ items, columns = 'lg:grid-cols-4' }: { items: readonly ProcessStep[]; columns?: string }) {
  return (
    <ul className={`grid gap-6 sm:grid-cols-2 ${columns}`}>
      {items.map((s) => (
        <li key={s.title} className="rounded-2xl border border-slate-200 bg-white p-6">
          <h3 className="text-lg font-semibold text-ink">{s.title}</h3>
          <p className="mt-2 leading-7 text-slate-600">{s.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** A list with check marks (deliverables, benefits). */
export function CheckList({ items, columns = false }: { items: readonly string[]; columns?: boolean }) {
  return (
    <ul className={`grid gap-3 ${columns ? 'md:grid-cols-2' : ''}`}>
      {items.map((item) => (
        <li key={item} className="flex gap-3 leading-7 text-slate-700">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-1 h-5 w-5 flex-none text-brand-600" fill="currentColor">
            <path fillRule="evenodd" d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" clipRule="evenodd" />
          </svg>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** Small chips (technologies, skills). */
export function TagList({ items, label }: { items: readonly string[]; label: string }) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {items.map((t) => (
        <li key={t} className="rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-700">{t}</li>
      ))}
    </ul>
  );
}

/** Big numbers with labels (40+ clients ...). */
export function StatList({ items, label, tone = 'light' }: { items: readonly { value: string; label: string }[]; label: string; tone?: 'light' | 'dark' }) {
  const dark = tone === 'dark';
  return (
    <dl aria-label={label} className="grid grid-cols-3 gap-4">
      {items.map((s) => (
        <div key={s.label} className={`flex flex-col rounded-2xl p-4 ${dark ? 'bg-white/10' : 'bg-white shadow-sm ring-1 ring-slate-200'}`}>
          <dt className={`text-sm ${dark ? 'text-slate-300' : 'text-slate-600'}`}>{s.label}</dt>
          <dd className={`order-first text-3xl font-extrabold tracking-tight sm:text-4xl ${dark ? 'text-white' : 'text-ink'}`}>{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Questions and answers as native disclosure widgets (keyboard and screen reader friendly). */
export function FaqList({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {items.map((f) => (
        <details key={f.question} className="group px-6 py-4">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded text-left text-lg font-semibold text-ink focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
            {f.question}
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 flex-none text-slate-500 transition-transform group-open:rotate-180" fill="currentColor">
              <path fillRule="evenodd" d="M5.2 7.2a1 1 0 0 1 1.4 0L10 10.6l3.4-3.4a1 1 0 1 1 1.4 1.4l-4.1 4.1a1 1 0 0 1-1.4 0L5.2 8.6a1 1 0 0 1 0-1.4Z" clipRule="evenodd" />
            </svg>
          </summary>
          <p className="mt-3 leading-7 text-slate-700">{f.answer}</p>
        </details>
      ))}
    </div>
  );
}

/** A client's words. */
export function Testimonial({ quote, author, client }: { quote: string; author: string; client?: string }) {
  // French quotation marks with narrow no-break spaces inside.
  const [open, close] = useLocale() === 'fr' ? ['«\u202f', '\u202f»'] : ['“', '”'];
  return (
    <figure className="flex h-full flex-col justify-between rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <blockquote className="text-lg leading-8 text-slate-700">
        <p>{open}{quote}{close}</p>
      </blockquote>
      <figcaption className="mt-6 text-sm">
        <span className="font-semibold text-ink">{author}</span>
        {client ? <span className="block text-slate-600">{client}</span> : null}
      </figcaption>
    </figure>
  );
}
