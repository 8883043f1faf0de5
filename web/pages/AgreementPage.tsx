import { site } from '../../shared/site.ts';
import { agreementIn } from '../../shared/content/joinAndTermsIn.ts';
import { ArrowLink } from '../components/content/actions.tsx';
import { PageHero } from '../components/content/layout.tsx';
import '../../shared/i18n/enCompany.ts';
import { useHref, useI18n, useLocale } from '../i18n/i18n.ts';

export default function AgreementPage() {
  const i18n = useI18n();
  const to = useHref();
  const agreement = agreementIn(useLocale());
  return (
    <>
      <PageHero eyebrow={i18n._('agreement.eyebrow')} title={agreement.title} lead={i18n._('agreement.lead', { date: agreement.effectiveDate, legalName: site.legalName })} />
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-14 lg:grid-cols-[16rem_1fr]">
        <nav aria-labelledby="agreement-contents" className="lg:sticky lg:top-24 lg:self-start">
          <h2 id="agreement-contents" className="text-sm font-semibold uppercase tracking-wider text-slate-600">{i18n._('agreement.contents')}</h2>
          <ol className="mt-4 space-y-2 text-sm">
            {agreement.sections.map((s, i) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="text-brand-700 hover:underline">{i + 1}. {s.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="max-w-3xl">
          <p className="text-lg leading-8 text-slate-700">{agreement.intro}</p>
          {agreement.sections.map((s, i) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="mt-12 scroll-mt-24">
              <h2 id={`${s.id}-title`} className="text-2xl font-bold tracking-tight text-ink">{i + 1}. {s.title}</h2>
              <ol className="mt-4 space-y-3">
                {s.clauses.map((c, j) => (
                  <li key={c.slice(0, 40)} className="flex gap-3 leading-7 text-slate-700">
                    <span className="flex-none font-semibold text-slate-600">{i + 1}.{j + 1}</span>
                    <span>{c}</span>
                  </li>
                ))}
              </ol>
            </section>
          ))}
          <div className="mt-14 rounded-2xl bg-brand-50 p-6">
            <p className="leading-7 text-slate-700">{agreement.questions}</p>
            <p className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
              <ArrowLink to={to('/contact')}>{i18n._('agreement.contact')}</ArrowLink>
              <a href={`mailto:${site.email}`} className="font-semibold text-brand-700 hover:underline">{site.email}</a>
            </p>
          </div>
        </div>
      </div>
    </>
  );
}
