import { departmentById } from '../../shared/content/departments.ts';
import { departmentIn } from '../../shared/content/localized.ts';
import { careersIn, type RoleIn } from '../../shared/content/joinAndTermsIn.ts';
import type { Locale } from '../../shared/i18n/locale.ts';
import { ButtonLink, CtaBand, buttonClass } from '../components/content/actions.tsx';
import { PageHero, Section } from '../components/content/layout.tsx';
import { CheckList, FeatureGrid, Steps } from '../components/content/lists.tsx';
import { Link } from 'react-router-dom';
import '../../shared/i18n/enCompany.ts';
import { useHref, useI18n, useLocale } from '../i18n/i18n.ts';

export default function CareerPage() {
  const i18n = useI18n();
  const locale = useLocale();
  const to = useHref();
  const { careers, roles } = careersIn(locale);
  return (
    <>
      <PageHero eyebrow={i18n._('career.eyebrow')} title={careers.hero.title} lead={careers.hero.lead}>
        <div className="flex flex-wrap gap-3">
          <a href="#open-roles" className={buttonClass('primary')}>{i18n._('career.seeRoles')}</a>
          <ButtonLink to={to('/career-form')} variant="secondary">{i18n._('career.apply')}</ButtonLink>
        </div>
      </PageHero>
      <Section id="culture" title={i18n._('career.culture')}>
        <FeatureGrid items={careers.culture} />
      </Section>
      <Section id="open-roles" title={i18n._('career.roles')} intro={i18n._('career.rolesIntro', { count: roles.length })} tone="muted">
        <ul className="space-y-6">
          {roles.map((r) => <li key={r.slug}><RoleCard role={r} locale={locale} /></li>)}
        </ul>
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white p-6">
          <h3 className="text-lg font-semibold text-ink">{i18n._('career.openApplication')}</h3>
          <p className="mt-2 leading-7 text-slate-700">{careers.openApplication}</p>
          <div className="mt-4"><ButtonLink to={to('/career-form')} variant="secondary">{i18n._('career.sendOpen')}</ButtonLink></div>
        </div>
      </Section>
      <Section id="benefits" title={i18n._('career.benefits')} narrow>
        <CheckList items={careers.benefits} />
      </Section>
      <Section id="hiring" title={i18n._('career.hiring')} tone="muted">
        <Steps steps={careers.hiringProcess} columns="lg:grid-cols-4" />
      </Section>
      <CtaBand
        id="apply"
        title={i18n._('career.ctaTitle')}
        text={i18n._('career.ctaText')}
        actions={<ButtonLink to={to('/career-form')} variant="light">{i18n._('career.apply')}</ButtonLink>}
      />
    </>
  );
}

function RoleCard({ role, locale }: { role: RoleIn; locale: Locale }) {
  const i18n = useI18n();
  const to = useHref();
  return (
    <article className="rounded-2xl border border-slate-200 bg-white p-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="max-w-2xl">
          <h3 className="text-xl font-semibold text-ink">{role.title}</h3>
          <p className="mt-1 text-sm text-slate-600">
            {departmentIn(locale, departmentById(role.department)).name} <span aria-hidden="true">·</span> {role.location} <span aria-hidden="true">·</span> {role.typeLabel}
          </p>
          <p className="mt-3 leading-7 text-slate-700">{role.summary}</p>
        </div>
        <Link to={`${to('/career-form')}?role=${role.slug}`} className={buttonClass('primary')}>
          {i18n._('career.roleApply')}<span className="sr-only"> {i18n._('career.roleApplyFor', { role: role.title })}</span>
        </Link>
      </div>
      <details className="group mt-4">
        <summary className="cursor-pointer font-semibold text-brand-700 hover:underline">{i18n._('career.details')}</summary>
        <div className="mt-4 grid gap-6 md:grid-cols-3">
          <RoleList title={i18n._('career.youWill')} items={role.responsibilities} />
          <RoleList title={i18n._('career.youBring')} items={role.requirements} />
          <RoleList title={i18n._('career.niceToHave')} items={role.niceToHave} />
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
