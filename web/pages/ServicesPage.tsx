import { departments } from '../../shared/content/departments.ts';
import { servicesInDepartment } from '../../shared/content/services.ts';
import { departmentIn } from '../../shared/content/localized.ts';
import { ArrowLink, CtaBand } from '../components/content/actions.tsx';
import { JumpLinks, PageHero, Section } from '../components/content/layout.tsx';
import { ServiceCard } from '../components/content/cards.tsx';
import { PriceBadge } from '../components/content/PriceBadge.tsx';
import '../../shared/i18n/enPages.ts';
import { useHref, useI18n, useLocale } from '../i18n/i18n.ts';

export default function ServicesPage() {
  const i18n = useI18n();
  const locale = useLocale();
  const to = useHref();
  const t = (id: string) => i18n._(id);
  const shown = departments.map((d) => departmentIn(locale, d));
  return (
    <>
      <PageHero eyebrow={t('services.eyebrow')} title={t('services.title')} lead={t('services.lead')}>
        <JumpLinks label={t('services.jump')} items={shown} />
      </PageHero>
      {shown.map((d, i) => (
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
              {t('services.seoAudit')} <ArrowLink to={to('/services/seo-audit')}>{t('services.seoAuditLink')}</ArrowLink>
            </p>
          ) : null}
        </Section>
      ))}
      <CtaBand title={t('services.cta.title')} text={t('services.cta.text')} />
    </>
  );
}
