import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { projectBySlug, portfolio } from '../../shared/content/portfolio.ts';
import { projectIn } from '../../shared/content/contentIn.ts';
import '../../shared/i18n/enContent.ts';
import { useHref, useI18n, useLocale } from '../i18n/i18n.ts';
import { CtaBand } from '../components/content/actions.tsx';
import { PageHero, Section } from '../components/content/layout.tsx';
import { ProjectCard } from '../components/content/cards.tsx';
import { TagList, Testimonial } from '../components/content/lists.tsx';
import NotFoundPage from './NotFoundPage.tsx';
import { DecorativeImage } from '../light/DecorativeImage.tsx';

export default function PortfolioDetailPage() {
  const { slug = '' } = useParams();
  const i18n = useI18n();
  const locale = useLocale();
  const to = useHref();
  const english = projectBySlug(slug);
  if (!english) return <NotFoundPage />;
  const project = projectIn(locale, english);
  const more = portfolio.filter((p) => p.slug !== project.slug).slice(0, 3);
  const story = (['about', 'problem', 'solution', 'impact'] as const).map((id) => ({ id, title: i18n._(`portfolio.story.${id}`), text: project[id] }));

  return (
    <>
      <PageHero
        eyebrow={i18n._('portfolio.caseStudy', { number: String(project.id).padStart(2, '0'), category: project.categoryLabel })}
        title={project.title}
        lead={project.description}
        breadcrumbs={[{ label: i18n._('portfolio.eyebrow'), to: to('/portfolio') }, { label: project.client }]}
        breadcrumbsLabel={i18n._('content.breadcrumbsLabel')}
      />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-[1.6fr_1fr]">
        {/* The page's largest paint: fetched before anything else the page asks for. */}
        <DecorativeImage
          src={project.image}
          alt={project.imageAlt}
          width={1200}
          height={750}
          fetchPriority="high"
          decoding="async"
          className="aspect-[8/5] h-auto w-full rounded-2xl bg-slate-100 ring-1 ring-slate-200"
        />
        <section aria-labelledby="facts-title" className="rounded-2xl border border-slate-200 bg-white p-6">
          <h2 id="facts-title" className="text-xl font-bold text-ink">{i18n._('portfolio.facts')}</h2>
          <dl className="mt-4 space-y-4">
            <Fact label={i18n._('portfolio.facts.client')}>{project.client}</Fact>
            <Fact label={i18n._('portfolio.facts.location')}>{project.location}</Fact>
            <Fact label={i18n._('portfolio.facts.category')}>{project.categoryLabel}</Fact>
            <Fact label={i18n._('portfolio.facts.technologies')}><div className="mt-1"><TagList items={project.technologies} label={i18n._('portfolio.facts.technologiesUsed')} /></div></Fact>
            <Fact label={i18n._('portfolio.facts.website')}>
              <a href={project.url} target="_blank" rel="noopener noreferrer" className="break-all font-semibold text-brand-700 hover:underline">
                {project.url.replace(/^https?:\/\//, '')}
                <span className="sr-only">{i18n._('portfolio.newTab')}</span>
              </a>
            </Fact>
          </dl>
        </section>
      </div>
      <div className="mx-auto max-w-6xl px-4 pb-8">
        {story.map((s) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="max-w-3xl py-6">
            <h2 id={`${s.id}-title`} className="text-2xl font-bold tracking-tight text-ink">{s.title}</h2>
            <p className="mt-3 text-lg leading-8 text-slate-700">{s.text}</p>
          </section>
        ))}
      </div>
      <Section id="feedback" title={i18n._('portfolio.feedback')} tone="brand" narrow>
        <Testimonial quote={project.feedback} author={project.feedbackAuthor} />
      </Section>
      <Section id="more-work" title={i18n._('portfolio.more')}>
        <ul className="grid gap-6 md:grid-cols-3">
          {more.map((p) => <li key={p.slug}><ProjectCard project={p} /></li>)}
        </ul>
      </Section>
      <CtaBand title={i18n._('portfolio.detail.cta.title')} text={i18n._('content.cta.text')} />
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-semibold uppercase tracking-wider text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-ink">{children}</dd>
    </div>
  );
}
