import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

const tones = {
  white: 'bg-white',
  muted: 'bg-slate-50',
  brand: 'bg-brand-50',
} as const;
export type SectionTone = keyof typeof tones;

/** The top of a page: the page's only h1, an optional eyebrow and lead, and optional actions. */
export function PageHero({
  eyebrow, title, lead, children, breadcrumbs, breadcrumbsLabel, aside,
}: {
  eyebrow?: ReactNode;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  breadcrumbs?: Crumb[];
  /** The trail's accessible name, in the page's language ("Breadcrumb" unless given). */
  breadcrumbsLabel?: string;
  aside?: ReactNode;
}) {
  return (
    <div className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white">
      <div className={`mx-auto max-w-6xl px-4 py-14 sm:py-20 ${aside ? 'grid items-center gap-10 lg:grid-cols-[1.3fr_1fr]' : ''}`}>
        <div className="max-w-3xl">
          {breadcrumbs ? <Breadcrumbs items={breadcrumbs} label={breadcrumbsLabel} /> : null}
          {eyebrow ? <p className="mb-3 text-sm font-semibold uppercase tracking-wider text-brand-700">{eyebrow}</p> : null}
          <h1 className="text-4xl font-extrabold tracking-tight text-ink sm:text-5xl">{title}</h1>
          {lead ? <p className="mt-5 text-lg leading-8 text-slate-600">{lead}</p> : null}
          {children ? <div className="mt-8">{children}</div> : null}
        </div>
        {aside}
      </div>
    </div>
  );
}

/** A page section with its h2. Cards inside use h3. */
export function Section({
  id, title, intro, children, tone = 'white', action, narrow = false,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  tone?: SectionTone;
  action?: ReactNode;
  narrow?: boolean;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={`${tones[tone]} scroll-mt-20`}>
      <div className="mx-auto max-w-6xl px-4 py-16">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="max-w-3xl">
            <h2 id={`${id}-title`} className="text-3xl font-bold tracking-tight text-ink">{title}</h2>
            {intro ? <p className="mt-3 text-lg leading-7 text-slate-600">{intro}</p> : null}
          </div>
          {action}
        </div>
        <div className={`mt-10 ${narrow ? 'max-w-3xl' : ''}`}>{children}</div>
      </div>
    </section>
  );
}

export interface Crumb {
  label: string;
  to?: string;
}

export function Breadcrumbs({ items, label = 'Breadcrumb' }: { items: Crumb[]; label?: string }) {
  return (
    <nav aria-label={label} className="mb-6 text-sm">
      <ol className="flex flex-wrap items-center gap-2 text-slate-600">
        {items.map((c, i) => (
          <li key={c.label} className="flex items-center gap-2">
            {i > 0 ? <span aria-hidden="true">/</span> : null}
            {c.to ? (
              <Link to={c.to} className="font-medium text-brand-700 hover:underline">{c.label}</Link>
            ) : (
              <span aria-current="page">{c.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** Paragraphs of running text. */
export function Prose({ paragraphs }: { paragraphs: readonly string[] }) {
  return (
    <div className="space-y-4 text-lg leading-8 text-slate-700">
      {paragraphs.map((p) => <p key={p.slice(0, 40)}>{p}</p>)}
    </div>
  );
}

/** A row of pill links to the sections of the page (by their ids), under the hero. */
export function JumpLinks({ label, items }: { label: string; items: readonly { id: string; name: string }[] }) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item.id}>
            <a href={`#${item.id}`} className="inline-block rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-ink hover:border-brand-600 hover:text-brand-700">{item.name}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
