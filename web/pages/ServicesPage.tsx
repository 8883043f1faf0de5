import { departments } from '../../shared/content/departments.ts';
import { servicesInDepartment } from '../../shared/content/services.ts';
import { ArrowLink, CtaBand } from '../components/content/actions.tsx';
import { JumpLinks, PageHero, Section } from '../components/content/layout.tsx';
import { ServiceCard } from '../components/content/cards.tsx';
import { PriceBadge } from '../components/content/PriceBadge.tsx';

export default function ServicesPage() {
  return (
    <>
      <PageHero
        eyebrow="Services"
        title="Everything you need to launch and grow your product"
        lead="Thirteen services in four departments, with clear price ranges and timelines. Pick one, or let us combine them into one plan."
      >
        <JumpLinks label="Departments" items={departments} />
      </PageHero>
      {departments.map((d, i) => (
        <Section
          key={d.id}
          id={d.id}
          title={d.name}
          intro={d.description}
          tone={i % 2 ? 'muted' : 'white'}
          action={<PriceBadge department={d} />}
        >
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {servicesInDepartment(d.id).map((s) => <li key={s.slug}><ServiceCard service={s} /></li>)}
          </ul>
          {d.id === 'web-design' ? (
            <p className="mt-8 text-slate-700">
              Not sure where your website stands? <ArrowLink to="/services/seo-audit">Request a free SEO audit</ArrowLink>
            </p>
          ) : null}
        </Section>
      ))}
      <CtaBand title="Not sure which service you need?" text="Tell us about your goals and we will recommend the right mix, with a fixed quote, within two working days of our call." />
    </>
  );
}
