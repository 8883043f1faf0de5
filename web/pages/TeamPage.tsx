import { team, teamIntro, type TeamMember } from '../../shared/content/team.ts';
import { departments } from '../../shared/content/departments.ts';
import { ArrowLink, CtaBand } from '../components/content/actions.tsx';
import { PageHero, Section } from '../components/content/layout.tsx';
import { TeamCard } from '../components/content/TeamCard.tsx';
import { companyIn, memberIn } from '../../shared/content/contentIn.ts';
import { departmentIn } from '../../shared/content/localized.ts';
import '../../shared/i18n/enContent.ts';
import { useHref, useI18n, useLocale } from '../i18n/i18n.ts';

export default function TeamPage() {
  const i18n = useI18n();
  const locale = useLocale();
  const to = useHref();
  const intro = companyIn(locale)?.teamIntro ?? teamIntro;
  const groups: { id: TeamMember['department']; name: string }[] = [
    { id: 'leadership', name: i18n._('team.leadership') },
    ...departments.map((d) => ({ id: d.id, name: departmentIn(locale, d).name })),
  ];
  return (
    <>
      <PageHero eyebrow={i18n._('team.eyebrow')} title={intro.title} lead={intro.lead} />
      {groups.map((g, i) => (
        <Section key={g.id} id={`team-${g.id}`} title={g.name} tone={i % 2 ? 'muted' : 'white'}>
          <ul className="grid gap-6 md:grid-cols-2">
            {team.filter((m) => m.department === g.id).map((m) => (
              <li key={m.slug}><TeamCard member={memberIn(locale, m)} departmentName={g.name} /></li>
            ))}
          </ul>
        </Section>
      ))}
      <Section id="join" title={i18n._('team.join.title')} tone="brand" narrow>
        <p className="text-lg leading-8 text-slate-700">{i18n._('team.join.text')}</p>
        <p className="mt-4"><ArrowLink to={to('/career')}>{i18n._('team.join.link')}</ArrowLink></p>
      </Section>
      <CtaBand title={i18n._('content.cta.title')} text={i18n._('content.cta.text')} />
    </>
  );
}
