import { site } from '../../shared/site.ts';
import { about as english } from '../../shared/content/about.ts';
import { departments } from '../../shared/content/departments.ts';
import { team } from '../../shared/content/team.ts';
import { ArrowLink, CtaBand } from '../components/content/actions.tsx';
import { PageHero, Prose, Section } from '../components/content/layout.tsx';
import { DepartmentCard } from '../components/content/cards.tsx';
import { CheckList, FeatureGrid, StatList, Steps } from '../components/content/lists.tsx';
import { companyIn } from '../../shared/content/contentIn.ts';
import { processIn } from '../../shared/content/localized.ts';
import '../../shared/i18n/enPages.ts';
import '../../shared/i18n/enContent.ts';
import { useHref, useI18n, useLocale } from '../i18n/i18n.ts';

const CLAIMS = ['clients', 'projects', 'countries'] as const;

export default function AboutPage() {
  const i18n = useI18n();
  const locale = useLocale();
  const to = useHref();
  const about = companyIn(locale)?.about ?? english;
  const claims = CLAIMS.map((key) => ({ value: site.claims[key], label: i18n._(`home.claims.${key}`) }));
  return (
    <>
      <PageHero
        eyebrow={about.hero.eyebrow}
        title={about.hero.title}
        lead={about.hero.lead}
        aside={<StatList items={claims} label={i18n._('home.claimsLabel')} />}
      />
      <Section id="story" title={about.story.title} narrow>
        <Prose paragraphs={about.story.paragraphs} />
        <h3 className="mt-10 text-xl font-semibold text-ink">{about.mission.title}</h3>
        <p className="mt-3 text-lg leading-8 text-slate-700">{about.mission.text}</p>
      </Section>
      <Section id="values" title={about.values.title} tone="muted">
        <FeatureGrid items={about.values.items} />
      </Section>
      <Section id="departments" title={i18n._('about.departments.title')} intro={i18n._('about.departments.intro')} action={<ArrowLink to={to('/services')}>{i18n._('about.departments.link')}</ArrowLink>}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {departments.map((d) => <li key={d.id}><DepartmentCard department={d} href={`${to('/services')}#${d.id}`} /></li>)}
        </ul>
      </Section>
      <Section id="why-ghana" title={about.whyGhana.title} tone="brand" narrow>
        <CheckList items={about.whyGhana.items} />
      </Section>
      <Section id="process" title={i18n._('about.process.title')} intro={i18n._('about.process.intro')}>
        <Steps steps={processIn(locale)} />
      </Section>
      <Section id="people" title={i18n._('about.people.title')} tone="muted" narrow>
        <p className="text-lg leading-8 text-slate-700">{i18n._('about.people.text', { count: team.length })}</p>
        <p className="mt-4"><ArrowLink to={to('/team')}>{i18n._('about.people.link')}</ArrowLink></p>
      </Section>
      <CtaBand title={i18n._('content.cta.title')} text={i18n._('content.cta.text')} />
    </>
  );
}
