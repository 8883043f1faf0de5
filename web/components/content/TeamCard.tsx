import { initials, type TeamMember } from '../../../shared/content/team.ts';
import '../../../shared/i18n/enContent.ts';
import { useI18n } from '../../i18n/i18n.ts';

// Team cards live apart from cards.tsx so that team data never reaches the home page's JavaScript.
const avatarTones: Record<TeamMember['department'], string> = {
  leadership: 'bg-ink text-white',
  software: 'bg-brand-600 text-white',
  uiux: 'bg-rose-700 text-white',
  'web-design': 'bg-emerald-700 text-white',
  devops: 'bg-amber-400 text-ink',
};

/** A round avatar with the person's initials (no photos). */
export function Avatar({ member, size = 'h-16 w-16 text-xl' }: { member: TeamMember; size?: string }) {
  return (
    <span aria-hidden="true" className={`grid flex-none place-items-center rounded-full font-bold ${avatarTones[member.department]} ${size}`}>
      {initials(member.name)}
    </span>
  );
}

export function TeamCard({ member, departmentName }: { member: TeamMember; departmentName: string }) {
  const i18n = useI18n();
  return (
    <article className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6">
      <div className="flex items-center gap-4">
        <Avatar member={member} />
        <div>
          <h3 className="text-lg font-semibold text-ink">{member.name}</h3>
          <p className="text-slate-700">{member.role}</p>
        </div>
      </div>
      <p className="mt-4 flex-1 leading-7 text-slate-600">{member.bio}</p>
      <p className="mt-4 text-sm text-slate-600">
        {departmentName} <span aria-hidden="true">·</span> {member.location}
      </p>
      <ul aria-label={i18n._('team.skills', { name: member.name })} className="mt-3 flex flex-wrap gap-2">
        {member.skills.map((s) => <li key={s} className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-700">{s}</li>)}
      </ul>
    </article>
  );
}
