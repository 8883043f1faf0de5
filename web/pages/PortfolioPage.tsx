import { useState } from 'react';
import { portfolioCards, portfolioFilters, type PortfolioFilter } from '../../shared/content/portfolioCards.ts';
import { CtaBand } from '../components/content/actions.tsx';
import { PageHero } from '../components/content/layout.tsx';
import { ProjectCard } from '../components/content/cards.tsx';
import { proseIn } from '../../shared/content/registry.ts';
import '../../shared/i18n/enContent.ts';
import { useI18n, useLocale } from '../i18n/i18n.ts';

export default function PortfolioPage() {
  const [filter, setFilter] = useState<PortfolioFilter>('all');
  const shown = filter === 'all' ? portfolioCards : portfolioCards.filter((p) => p.category === filter);
  const i18n = useI18n();
  const prose = proseIn(useLocale());
  const label = (f: PortfolioFilter) => (f === 'all' ? i18n._('portfolio.all') : prose ? prose.categories[f] : portfolioFilters.find((x) => x.value === f)?.label);
  const count = (f: PortfolioFilter) => (f === 'all' ? portfolioCards.length : portfolioCards.filter((p) => p.category === f).length);

  return (
    <>
      <PageHero
        eyebrow={i18n._('portfolio.eyebrow')}
        title={i18n._('portfolio.title')}
        lead={i18n._('portfolio.lead')}
      />
      <section aria-labelledby="projects-title" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="projects-title" className="sr-only">{i18n._('portfolio.projects')}</h2>
        <fieldset aria-label={i18n._('portfolio.filter')} className="flex min-w-0 flex-wrap gap-2">
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
              {label(f.value)} <span className={filter === f.value ? 'text-slate-300' : 'text-slate-600'}>({count(f.value)})</span>
            </button>
          ))}
        </fieldset>
        <p role="status" className="mt-4 text-sm text-slate-600">
          {filter === 'all' ? i18n._('portfolio.showing', { count: shown.length }) : i18n._('portfolio.showingIn', { count: shown.length, category: label(filter) })}
        </p>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((p, i) => <li key={p.slug}><ProjectCard project={p} eager={i < 3} /></li>)}
        </ul>
      </section>
      <CtaBand title={i18n._('portfolio.cta.title')} text={i18n._('content.cta.text')} />
    </>
  );
}
