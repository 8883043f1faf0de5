import { team, teamIntro, type TeamMember } from '../../shared/content/team.ts';
import { departments } from '../../shared/content/departments.ts';
import { ArrowLink, CtaBand } from '../components/content/actions.tsx';
import { PageHero, Section } from '../components/content/layout.tsx';
import { TeamCard } from '../components/content/TeamCard.tsx';

const groups: { id: TeamMember['department']; name: string }[] = [
  { id: 'leadership', name: 'Leadership' },
  ...departments.map((d) => ({ id: d.id, name: d.name })),
];

export default function TeamPage() {
  return (
    <>
      <PageHero eyebrow="Team" title={teamIntro.title} lead={teamIntro.lead} />
      {groups.map((g, i) => (
        <Section key={g.id} id={`team-${g.id}`} title={g.name} tone={i % 2 ? 'muted' : 'white'}>
          <ul className="grid gap-6 md:grid-cols-2">
            {team.filter((m) => m.department === g.id).map((m) => (
              <li key={m.slug}><TeamCard member={m} departmentName={g.name} /></li>
            ))}
          </ul>
        </Section>
      ))}
      <Section id="join" title="Want to join us?" tone="brand" narrow>
        <p className="text-lg leading-8 text-slate-700">We are hiring engineers, designers and DevOps specialists who enjoy shipping real products for clients around the world.</p>
        <p className="mt-4"><ArrowLink to="/career">See open roles</ArrowLink></p>
      </Section>
      <CtaBand />
    </>
  );
}
