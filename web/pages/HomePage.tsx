import { site } from '../../shared/site.ts';
import { home } from '../../shared/content/home.ts';
import { departments } from '../../shared/content/departments.ts';
import { featuredServiceSlugs, services } from '../../shared/content/services.ts';
import { portfolioCards } from '../../shared/content/portfolioCards.ts';
import { agencyProcess } from '../../shared/content/process.ts';
import { ArrowLink, ButtonLink, CtaBand } from '../components/content/actions.tsx';
import { Section } from '../components/content/layout.tsx';
import { DepartmentCard, ProjectCard, ServiceCard } from '../components/content/cards.tsx';
import { StatList, Steps, Testimonial } from '../components/content/lists.tsx';
import { DecorativeImage } from '../light/DecorativeImage.tsx';

const featured = featuredServiceSlugs.map((slug) => services.find((s) => s.slug === slug)!);
const highlights = portfolioCards.slice(0, 3);
const testimonials = [portfolioCards[3], portfolioCards[2], portfolioCards[0]].filter((p) => p !== undefined);
const claims = home.claims.map((c) => ({ value: site.claims[c.key], label: c.label }));

export default function HomePage() {
  return (
    <>
      <Hero />
      <Section id="departments" title={home.departments.title} intro={home.departments.intro} tone="muted">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {departments.map((d) => (
            <li key={d.id}><DepartmentCard department={d} href={`/services#${d.id}`} /></li>
          ))}
        </ul>
      </Section>
      <Section id="services" title={home.services.title} intro={home.services.intro} action={<ArrowLink to="/services">See all 13 services</ArrowLink>}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {featured.map((s) => <li key={s.slug}><ServiceCard service={s} /></li>)}
        </ul>
      </Section>
      <Section id="work" title={home.work.title} intro={home.work.intro} tone="muted" action={<ArrowLink to="/portfolio">See all projects</ArrowLink>}>
        <ul className="grid gap-6 md:grid-cols-3">
          {highlights.map((p) => <li key={p.slug}><ProjectCard project={p} /></li>)}
        </ul>
      </Section>
      <Section id="process" title={home.process.title} intro={home.process.intro}>
        <Steps steps={agencyProcess} />
      </Section>
      <Section id="testimonials" title={home.testimonials.title} tone="brand">
        <ul className="grid gap-6 lg:grid-cols-3">
          {testimonials.map((p) => <li key={p.slug}><Testimonial quote={p.feedback} author={p.feedbackAuthor} /></li>)}
        </ul>
      </Section>
      <CtaBand title={home.cta.title} text={home.cta.text} />
    </>
  );
}

function Hero() {
  const { hero } = home;
  return (
    <div className="relative overflow-hidden bg-ink">
      <div aria-hidden="true" className="absolute inset-0 bg-[radial-gradient(60rem_30rem_at_80%_-10%,rgba(37,99,235,0.45),transparent)]" />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:py-24 lg:grid-cols-[1.25fr_1fr]">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-100">{hero.eyebrow}</p>
          <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-white sm:text-5xl lg:text-6xl">{hero.title}</h1>
          <p className="mt-6 max-w-2xl text-lg leading-8 text-slate-300">{hero.lead}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to="/booking" variant="light">{hero.primaryCta}</ButtonLink>
            <ButtonLink to="/contact" variant="outlineLight">{hero.secondaryCta}</ButtonLink>
          </div>
          <div className="mt-12 max-w-xl">
            <StatList items={claims} label={home.claimsLabel} tone="dark" />
          </div>
        </div>
        <DecorativeImage
          src="/images/hero.svg"
          alt=""
          width={560}
          height={520}
          // Shown only on wide screens: lazy, so that a phone neither preloads nor fetches it while the page
          // paints (docs/decisions/0009-first-paint-from-html.md).
          loading="lazy"
          decoding="async"
          className="hidden h-auto w-full lg:block"
        />
      </div>
    </div>
  );
}
