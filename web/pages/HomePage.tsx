import { site } from '../../shared/site.ts';
import { home } from '../../shared/content/home.ts';
import { departments } from '../../shared/content/departments.ts';
import { featuredServiceSlugs, services } from '../../shared/content/services.ts';
import { portfolioCards } from '../../shared/content/portfolioCards.ts';
import { cardIn, processIn } from '../../shared/content/localized.ts';
import { ArrowLink, ButtonLink, CtaBand } from '../components/content/actions.tsx';
import { Section } from '../components/content/layout.tsx';
import { DepartmentCard, ProjectCard, ServiceCard } from '../components/content/cards.tsx';
import { StatList, Steps, Testimonial } from '../components/content/lists.tsx';
import '../../shared/i18n/enPages.ts';
import { useHref, useI18n, useLocale } from '../i18n/i18n.ts';
import { DecorativeImage } from '../light/DecorativeImage.tsx';

const featured = featuredServiceSlugs.map((slug) => services.find((s) => s.slug === slug)!);
const highlights = portfolioCards.slice(0, 3);
const testimonials = [portfolioCards[3], portfolioCards[2], portfolioCards[0]].filter((p) => p !== undefined);

// The text is the catalog's (shared/content/home.ts lists the ids); content from other modules comes in the
// page's language through shared/content/localized.ts.
export default function HomePage() {
  const i18n = useI18n();
  const locale = useLocale();
  const to = useHref();
  const t = (id: string) => i18n._(id);
  return (
    <>
      <Hero />
      <Section id="departments" title={t('home.departments.title')} intro={t('home.departments.intro')} tone="muted">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {departments.map((d) => (
            <li key={d.id}><DepartmentCard department={d} href={to(`/services#${d.id}`)} /></li>
          ))}
        </ul>
      </Section>
      <Section id="services" title={t('home.services.title')} intro={t('home.services.intro')} action={<ArrowLink to={to('/services')}>{t('home.services.all')}</ArrowLink>}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {featured.map((s) => <li key={s.slug}><ServiceCard service={s} /></li>)}
        </ul>
      </Section>
      <Section id="work" title={t('home.work.title')} intro={t('home.work.intro')} tone="muted" action={<ArrowLink to={to('/portfolio')}>{t('home.work.all')}</ArrowLink>}>
        <ul className="grid gap-6 md:grid-cols-3">
          {highlights.map((p) => <li key={p.slug}><ProjectCard project={p} /></li>)}
        </ul>
      </Section>
      <Section id="process" title={t('home.process.title')} intro={t('home.process.intro')}>
        <Steps steps={processIn(locale)} />
      </Section>
      <Section id="testimonials" title={t('home.testimonials.title')} tone="brand">
        <ul className="grid gap-6 lg:grid-cols-3">
          {testimonials.map((card) => {
            const p = cardIn(locale, card);
            return <li key={p.slug}><Testimonial quote={p.feedback} author={p.feedbackAuthor} /></li>;
          })}
        </ul>
      </Section>
      <CtaBand title={t('home.cta.title')} text={t('home.cta.text')} />
    </>
  );
}

function Hero() {
  const i18n = useI18n();
  const to = useHref();
  const t = (id: string) => i18n._(id);
  const claims = home.claims.map((c) => ({ value: site.claims[c.key], label: t(`home.claims.${c.key}`) }));
  return (
    <div className="relative overflow-hidden bg-ink">
      <div aria-hidden="true" className="absolute inset-0 bg-[radial-gradient(60rem_30rem_at_80%_-10%,rgba(37,99,235,0.45),transparent)]" />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:py-24 lg:grid-cols-[1.25fr_1fr]">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-100">{t('home.hero.eyebrow')}</p>
          <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-white sm:text-5xl lg:text-6xl">{t('home.hero.title')}</h1>
          <p className="mt-6 max-w-2xl text-lg leading-8 text-slate-300">{t('home.hero.lead')}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to={to('/booking')} variant="light">{t('home.hero.primaryCta')}</ButtonLink>
            <ButtonLink to={to('/contact')} variant="outlineLight">{t('home.hero.secondaryCta')}</ButtonLink>
          </div>
          <div className="mt-12 max-w-xl">
            <StatList items={claims} label={t('home.claimsLabel')} tone="dark" />
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
