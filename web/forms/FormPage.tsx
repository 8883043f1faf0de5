import type { ReactNode } from 'react';
import { PageHero, type Crumb } from '../components/content/layout.tsx';
import { StaticHtml } from '../hydration/StaticHtml.tsx';

// The frame of a form page: its own heading and introduction, the form, and a short aside. Only the form
// has anything to hydrate: the heading and the aside keep their prerendered HTML on the page the browser
// loaded, so they must depend on nothing but the address (tests/unit/static-pages.test.ts).
export function FormPage({
  eyebrow, title, lead, breadcrumbs, breadcrumbsLabel, aside, asideEnd, children,
}: {
  eyebrow?: ReactNode;
  title: string;
  lead: ReactNode;
  breadcrumbs?: Crumb[];
  /** The trail's accessible name, in the page's language. */
  breadcrumbsLabel?: string;
  aside: ReactNode;
  /** After the aside: a part that depends on more than the address (it is rendered, not kept as HTML). */
  asideEnd?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <StaticHtml name="form-hero">
        <PageHero eyebrow={eyebrow} title={title} lead={lead} breadcrumbs={breadcrumbs} breadcrumbsLabel={breadcrumbsLabel} />
      </StaticHtml>
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-14 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div>{children}</div>
        <aside className="text-slate-700 lg:pt-2">
          <StaticHtml name="form-aside" className="space-y-6">{aside}</StaticHtml>
          {asideEnd}
        </aside>
      </div>
    </>
  );
}

export function AsideBlock({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
      <h2 className="text-lg font-semibold text-ink">{title}</h2>
      <div className="mt-3 space-y-3 leading-7">{children}</div>
    </section>
  );
}
