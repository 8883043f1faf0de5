import { useState } from 'react';
import { portfolioCards, portfolioFilters, type PortfolioFilter } from '../../shared/content/portfolioCards.ts';
import { CtaBand } from '../components/content/actions.tsx';
import { PageHero } from '../components/content/layout.tsx';
import { ProjectCard } from '../components/content/cards.tsx';

export default function PortfolioPage() {
  const [filter, setFilter] = useState<PortfolioFilter>('all');
  const shown = filter === 'all' ? portfolioCards : portfolioCards.filter((p) => p.category === filter);
  const count = (f: PortfolioFilter) => (f === 'all' ? portfolioCards.length : portfolioCards.filter((p) => p.category === f).length);

  return (
    <>
      <PageHero
        eyebrow="Portfolio"
        title="Work we are proud of"
        lead="Websites, apps and online stores for a cleaning company in Amsterdam, a water company in Ghana, a children’s education nonprofit, a custom cake business and two Christian ministries."
      />
      <section aria-labelledby="projects-title" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="projects-title" className="sr-only">Projects</h2>
        <fieldset aria-label="Filter projects by category" className="flex min-w-0 flex-wrap gap-2">
          {portfolioFilters.map((f) => (
            <button
              key={f.value}
              type="button"
              aria-pressed={filter === f.value}
              onClick={() => setFilter(f.value)}
              className={`rounded-full px-4 py-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                filter === f.value ? 'bg-ink text-white' : 'border border-slate-300 bg-white text-ink hover:border-slate-400'
              }`}
            >
              {f.label} <span className={filter === f.value ? 'text-slate-300' : 'text-slate-600'}>({count(f.value)})</span>
            </button>
          ))}
        </fieldset>
        <p role="status" className="mt-4 text-sm text-slate-600">
          Showing {shown.length} {shown.length === 1 ? 'project' : 'projects'}
          {filter === 'all' ? '' : ` in ${portfolioFilters.find((f) => f.value === filter)?.label}`}
        </p>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((p, i) => <li key={p.slug}><ProjectCard project={p} eager={i < 3} /></li>)}
        </ul>
      </section>
      <CtaBand title="Want results like these?" />
    </>
  );
}
