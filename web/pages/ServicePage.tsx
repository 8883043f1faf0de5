import { useParams } from 'react-router-dom';
import { departmentById, formatPriceRange, formatWeeks, type Department } from '../../shared/content/departments.ts';
import { serviceBySlug, servicesInDepartment } from '../../shared/content/services.ts';
import { serviceDetailBySlug } from '../../shared/content/serviceDetails.ts';
import { departmentIn, serviceIn } from '../../shared/content/localized.ts';
import { serviceDetailIn } from '../../shared/content/contentIn.ts';
import type { WeekRange } from '../../shared/content/types.ts';
import type { Locale } from '../../shared/i18n/locale.ts';
import { usdRangeIn } from '../../shared/i18n/format.ts';
import '../../shared/i18n/enContent.ts';
import { useHref, useI18n, useLocale } from '../i18n/i18n.ts';
import { ButtonLink, CtaBand, ArrowLink } from '../components/content/actions.tsx';
import { PageHero, Prose, Section } from '../components/content/layout.tsx';
import { ServiceCard } from '../components/content/cards.tsx';
import { CheckList, FaqList, Steps, TagList } from '../components/content/lists.tsx';
import { PriceBadge } from '../components/content/PriceBadge.tsx';
import NotFoundPage from './NotFoundPage.tsx';

export default function ServicePage() {
  const { slug = '' } = useParams();
  const i18n = useI18n();
  const locale = useLocale();
  const to = useHref();
  const english = serviceBySlug(slug);
  const englishDetail = serviceDetailBySlug(slug);
  if (!english || !englishDetail) return <NotFoundPage />;
  const service = serviceIn(locale, english);
  const detail = serviceDetailIn(locale, english.slug, englishDetail);
  const department = departmentIn(locale, departmentById(service.department));
  const related = servicesInDepartment(department.id).filter((s) => s.slug !== service.slug);
  const weeks = (w: WeekRange) => weeksIn(locale, w, i18n._.bind(i18n));
  const names = { service: service.name, department: department.name };

  return (
    <>
      <PageHero
        title={service.name}
        lead={detail.headline}
        breadcrumbs={[{ label: i18n._('service.breadcrumb'), to: to('/services') }, { label: department.name, to: `${to('/services')}#${department.id}` }, { label: service.name }]}
        breadcrumbsLabel={i18n._('content.breadcrumbsLabel')}
        aside={<AtAGlance department={department.name} weeks={weeks(detail.typicalWeeks)} deliverables={detail.deliverables.slice(0, 3)} />}
      >
        <PriceBadge department={department} />
        <p className="mt-3 text-sm text-slate-600">{i18n._('service.priceNote', names)}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <ButtonLink to={to('/booking')}>{i18n._('cta.book')}</ButtonLink>
          <ButtonLink to={to('/contact')} variant="secondary">{i18n._('cta.contact')}</ButtonLink>
        </div>
      </PageHero>

      <Section id="what-it-is" title={i18n._('service.whatItIs')} narrow>
        <Prose paragraphs={detail.whatItIs} />
        <h3 className="mt-10 text-xl font-semibold text-ink">{i18n._('service.idealFor')}</h3>
        <div className="mt-4"><CheckList items={detail.idealFor} /></div>
        {service.slug === 'seo-optimization' ? (
          <p className="mt-8 text-slate-700">{i18n._('service.seoAudit')} <ArrowLink to={to('/services/seo-audit')}>{i18n._('service.seoAuditLink')}</ArrowLink></p>
        ) : null}
      </Section>

      <Section id="what-you-get" title={i18n._('service.whatYouGet')} tone="muted">
        <CheckList items={detail.deliverables} columns />
        <h3 className="mt-10 text-xl font-semibold text-ink">{i18n._('service.tools')}</h3>
        <div className="mt-4"><TagList items={detail.tools} label={i18n._('service.toolsLabel', names)} /></div>
      </Section>

      <Section id="how-we-work" title={i18n._('service.howWeWork')}>
        <Steps steps={detail.process} columns={detail.process.length === 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-5'} />
      </Section>

      <Section id="price-and-timeline" title={i18n._('service.priceTimeline')} tone="muted" narrow>
        <dl className="grid gap-4 sm:grid-cols-3">
          <Fact label={i18n._('service.priceRange')} value={priceIn(locale, department)} />
          <Fact label={i18n._('service.departmentWeeks', names)} value={weeks(department.weeks)} />
          <Fact label={i18n._('service.typicalProject', names)} value={weeks(detail.typicalWeeks)} />
        </dl>
        <p className="mt-6 text-lg leading-8 text-slate-700">{detail.timelineNote}</p>
      </Section>

      <Section id="faq" title={i18n._('service.faq', names)} narrow>
        <FaqList items={detail.faqs} />
      </Section>

      {related.length ? (
        <Section id="related" title={i18n._('service.related', names)} tone="muted">
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {related.map((s) => <li key={s.slug}><ServiceCard service={s} /></li>)}
          </ul>
        </Section>
      ) : null}

      <CtaBand title={i18n._('service.cta.title', names)} text={i18n._('content.cta.text')} />
    </>
  );
}

/** English keeps its own formatting ("$2,000 – $8,000+", "4–12 weeks"); other languages go through Intl and the catalog. */
const priceIn = (locale: Locale, d: Department) => (locale === 'en' ? formatPriceRange(d.price) : usdRangeIn(locale, d.price));
const weeksIn = (locale: Locale, w: WeekRange, t: (id: string, values: Record<string, number>) => string) =>
  locale === 'en' ? formatWeeks(w) : t('price.weeks', { min: w.min, max: w.max });

function AtAGlance({ department, weeks, deliverables }: { department: string; weeks: string; deliverables: readonly string[] }) {
  const i18n = useI18n();
  return (
    <div className="hidden rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 lg:block">
      <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{i18n._('service.glance')}</p>
      <dl className="mt-4 grid grid-cols-2 gap-4 text-sm">
        <div><dt className="text-slate-600">{i18n._('service.glance.department')}</dt><dd className="font-semibold text-ink">{department}</dd></div>
        <div><dt className="text-slate-600">{i18n._('service.glance.typical')}</dt><dd className="font-semibold text-ink">{weeks}</dd></div>
      </dl>
      <p className="mt-5 text-sm text-slate-600">{i18n._('service.glance.youGet')}</p>
      <div className="mt-2 text-sm"><CheckList items={deliverables} /></div>
      <p className="mt-4 text-sm"><a href="#what-you-get" className="font-semibold text-brand-700 hover:underline">{i18n._('service.glance.all')}</a></p>
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="order-first text-2xl font-bold text-ink">{value}</dd>
    </div>
  );
}
