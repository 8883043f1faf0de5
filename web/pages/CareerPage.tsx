import { careers, openRoles, type OpenRole } from '../../shared/content/careers.ts';
import { departmentById } from '../../shared/content/departments.ts';
import { ButtonLink, CtaBand, buttonClass } from '../components/content/actions.tsx';
import { PageHero, Section } from '../components/content/layout.tsx';
import { CheckList, FeatureGrid, Steps } from '../components/content/lists.tsx';
import { Link } from 'react-router-dom';

export default function CareerPage() {
  return (
    <>
      <PageHero eyebrow="Careers" title={careers.hero.title} lead={careers.hero.lead}>
        <div className="flex flex-wrap gap-3">
          <a href="#open-roles" className={buttonClass('primary')}>See open roles</a>
          <ButtonLink to="/career-form" variant="secondary">Apply now</ButtonLink>
        </div>
      </PageHero>
      <Section id="culture" title="How we work together">
        <FeatureGrid items={careers.culture} />
      </Section>
      <Section id="open-roles" title="Open roles" intro={`${openRoles.length} positions open now. All roles are open to candidates of every background; we hire on skills and potential.`} tone="muted">
        <ul className="space-y-6">
          {openRoles.map((r) => <li key={r.slug}><RoleCard role={r} /></li>)}
        </ul>
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white p-6">
          <h3 className="text-lg font-semibold text-ink">Open application</h3>
          <p className="mt-2 leading-7 text-slate-700">{careers.openApplication}</p>
          <div className="mt-4"><ButtonLink to="/career-form" variant="secondary">Send an open application</ButtonLink></div>
        </div>
      </Section>
      <Section id="benefits" title="What we offer" narrow>
        <CheckList items={careers.benefits} />
      </Section>
      <Section id="hiring" title="Our hiring process" tone="muted">
        <Steps steps={careers.hiringProcess} columns="lg:grid-cols-4" />
      </Section>
      <CtaBand
        id="apply"
        title="Ready to apply?"
        text="Send us your application. We reply to every applicant within 10 working days."
        actions={<ButtonLink to="/career-form" variant="light">Apply now</ButtonLink>}
      />
    </>
  );
}

function RoleCard({ role }: { role: OpenRole }) {
  return (
    <article className="rounded-2xl border border-slate-200 bg-white p-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="max-w-2xl">
          <h3 className="text-xl font-semibold text-ink">{role.title}</h3>
          <p className="mt-1 text-sm text-slate-600">
            {departmentById(role.department).name} <span aria-hidden="true">·</span> {role.location} <span aria-hidden="true">·</span> {role.type}
          </p>
          <p className="mt-3 leading-7 text-slate-700">{role.summary}</p>
        </div>
        <Link to={`/career-form?role=${role.slug}`} className={buttonClass('primary')}>
          Apply<span className="sr-only"> for {role.title}</span>
        </Link>
      </div>
      <details className="group mt-4">
        <summary className="cursor-pointer font-semibold text-brand-700 hover:underline">Responsibilities and requirements</summary>
        <div className="mt-4 grid gap-6 md:grid-cols-3">
          <RoleList title="You will" items={role.responsibilities} />
          <RoleList title="You bring" items={role.requirements} />
          <RoleList title="Nice to have" items={role.niceToHave} />
        </div>
      </details>
    </article>
  );
}

function RoleList({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <div>
      <h4 className="font-semibold text-ink">{title}</h4>
      <ul className="mt-2 list-disc space-y-1.5 pl-5 text-slate-700">
        {items.map((i) => <li key={i}>{i}</li>)}
      </ul>
    </div>
  );
}
