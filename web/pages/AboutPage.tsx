import { site } from '../../shared/site.ts';
import { about } from '../../shared/content/about.ts';
import { home } from '../../shared/content/home.ts';
import { departments } from '../../shared/content/departments.ts';
import { agencyProcess } from '../../shared/content/process.ts';
import { team } from '../../shared/content/team.ts';
import { ArrowLink, CtaBand } from '../components/content/actions.tsx';
import { PageHero, Prose, Section } from '../components/content/layout.tsx';
import { DepartmentCard } from '../components/content/cards.tsx';
import { CheckList, FeatureGrid, StatList, Steps } from '../components/content/lists.tsx';

const claims = home.claims.map((c) => ({ value: site.claims[c.key], label: c.label }));

export default function AboutPage() {
  return (
    <>
      <PageHero
        eyebrow={about.hero.eyebrow}
        title={about.hero.title}
        lead={about.hero.lead}
        aside={<StatList items={claims} label={home.claimsLabel} />}
      />
      <Section id="story" title={about.story.title} narrow>
        <Prose paragraphs={about.story.paragraphs} />
        <h3 className="mt-10 text-xl font-semibold text-ink">{about.mission.title}</h3>
        <p className="mt-3 text-lg leading-8 text-slate-700">{about.mission.text}</p>
      </Section>
      <Section id="values" title={about.values.title} tone="muted">
        <FeatureGrid items={about.values.items} />
      </Section>
      <Section id="departments" title="Our four departments" intro="Specialists in each discipline, working from one plan with one project manager." action={<ArrowLink to="/services">Explore our services</ArrowLink>}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {departments.map((d) => <li key={d.id}><DepartmentCard department={d} href={`/services#${d.id}`} /></li>)}
        </ul>
      </Section>
      <Section id="why-ghana" title={about.whyGhana.title} tone="brand" narrow>
        <CheckList items={about.whyGhana.items} />
      </Section>
      <Section id="process" title="How we work" intro="The same clear path for every client, from first call to launch and beyond.">
        <Steps steps={agencyProcess} />
      </Section>
      <Section id="people" title="Meet the people" tone="muted" narrow>
        <p className="text-lg leading-8 text-slate-700">
          {team.length} engineers, designers and specialists, led from our studio in Accra. You will know every name on your project.
        </p>
        <p className="mt-4"><ArrowLink to="/team">Meet our team</ArrowLink></p>
      </Section>
      <CtaBand />
    </>
  );
}
