import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { projectBySlug, portfolio, categoryLabel } from '../../shared/content/portfolio.ts';
import { CtaBand } from '../components/content/actions.tsx';
import { PageHero, Section } from '../components/content/layout.tsx';
import { ProjectCard } from '../components/content/cards.tsx';
import { TagList, Testimonial } from '../components/content/lists.tsx';
import NotFoundPage from './NotFoundPage.tsx';
import { DecorativeImage } from '../light/DecorativeImage.tsx';

export default function PortfolioDetailPage() {
  const { slug = '' } = useParams();
  const project = projectBySlug(slug);
  if (!project) return <NotFoundPage />;
  const more = portfolio.filter((p) => p.slug !== project.slug).slice(0, 3);
  const story = [
    { id: 'about', title: 'About the client', text: project.about },
    { id: 'problem', title: 'The problem', text: project.problem },
    { id: 'solution', title: 'Our solution', text: project.solution },
    { id: 'impact', title: 'The impact', text: project.impact },
  ];

  return (
    <>
      <PageHero
        eyebrow={`Case study ${String(project.id).padStart(2, '0')} · ${categoryLabel(project.category)}`}
        title={project.title}
        lead={project.description}
        breadcrumbs={[{ label: 'Portfolio', to: '/portfolio' }, { label: project.client }]}
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
          <h2 id="facts-title" className="text-xl font-bold text-ink">Project facts</h2>
          <dl className="mt-4 space-y-4">
            <Fact label="Client">{project.client}</Fact>
            <Fact label="Location">{project.location}</Fact>
            <Fact label="Category">{categoryLabel(project.category)}</Fact>
            <Fact label="Technologies"><div className="mt-1"><TagList items={project.technologies} label="Technologies used" /></div></Fact>
            <Fact label="Website">
              <a href={project.url} target="_blank" rel="noopener noreferrer" className="break-all font-semibold text-brand-700 hover:underline">
                {project.url.replace(/^https?:\/\//, '')}
                <span className="sr-only"> (opens in a new tab)</span>
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
      <Section id="feedback" title="What the client says" tone="brand" narrow>
        <Testimonial quote={project.feedback} author={project.feedbackAuthor} />
      </Section>
      <Section id="more-work" title="More projects">
        <ul className="grid gap-6 md:grid-cols-3">
          {more.map((p) => <li key={p.slug}><ProjectCard project={p} /></li>)}
        </ul>
      </Section>
      <CtaBand title="Have a project like this in mind?" />
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
