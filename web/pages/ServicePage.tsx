import { useParams } from 'react-router-dom';
import { departmentById, formatPriceRange, formatWeeks } from '../../shared/content/departments.ts';
import { serviceBySlug, servicesInDepartment } from '../../shared/content/services.ts';
import { serviceDetailBySlug } from '../../shared/content/serviceDetails.ts';
import { ButtonLink, CtaBand, ArrowLink } from '../components/content/actions.tsx';
import { PageHero, Prose, Section } from '../components/content/layout.tsx';
import { ServiceCard } from '../components/content/cards.tsx';
import { CheckList, FaqList, Steps, TagList } from '../components/content/lists.tsx';
import { PriceBadge } from '../components/content/PriceBadge.tsx';
import NotFoundPage from './NotFoundPage.tsx';

export default function ServicePage() {
  const { slug = '' } = useParams();
  const service = serviceBySlug(slug);
  const detail = serviceDetailBySlug(slug);
  if (!service || !detail) return <NotFoundPage />;
  const department = departmentById(service.department);
  const related = servicesInDepartment(department.id).filter((s) => s.slug !== service.slug);

  return (
    <>
      <PageHero
        title={service.name}
        lead={detail.headline}
        breadcrumbs={[{ label: 'Services', to: '/services' }, { label: department.name, to: `/services#${department.id}` }, { label: service.name }]}
        aside={<AtAGlance department={department.name} weeks={formatWeeks(detail.typicalWeeks)} deliverables={detail.deliverables.slice(0, 3)} />}
      >
        <PriceBadge department={department} />
        <p className="mt-3 text-sm text-slate-600">{department.name} department prices. Your fixed quote follows a free consultation.</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <ButtonLink to="/booking">Book a free consultation</ButtonLink>
          <ButtonLink to="/contact" variant="secondary">Contact us</ButtonLink>
        </div>
      </PageHero>

      <Section id="what-it-is" title="What it is" narrow>
        <Prose paragraphs={detail.whatItIs} />
        <h3 className="mt-10 text-xl font-semibold text-ink">Who it is for</h3>
        <div className="mt-4"><CheckList items={detail.idealFor} /></div>
        {service.slug === 'seo-optimization' ? (
          <p className="mt-8 text-slate-700">Want a head start? <ArrowLink to="/services/seo-audit">Request a free SEO audit</ArrowLink></p>
        ) : null}
      </Section>

      <Section id="what-you-get" title="What you get" tone="muted">
        <CheckList items={detail.deliverables} columns />
        <h3 className="mt-10 text-xl font-semibold text-ink">Tools and technologies</h3>
        <div className="mt-4"><TagList items={detail.tools} label={`Tools we use for ${service.name}`} /></div>
      </Section>

      <Section id="how-we-work" title="How we work">
        <Steps steps={detail.process} columns={detail.process.length === 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-5'} />
      </Section>

      <Section id="price-and-timeline" title="Price and timeline" tone="muted" narrow>
        <dl className="grid gap-4 sm:grid-cols-3">
          <Fact label="Price range (USD)" value={formatPriceRange(department.price)} />
          <Fact label={`${department.name} timelines`} value={formatWeeks(department.weeks)} />
          <Fact label={`Typical ${service.name} project`} value={formatWeeks(detail.typicalWeeks)} />
        </dl>
        <p className="mt-6 text-lg leading-8 text-slate-700">{detail.timelineNote}</p>
      </Section>

      <Section id="faq" title={`${service.name}: common questions`} narrow>
        <FaqList items={detail.faqs} />
      </Section>

      {related.length ? (
        <Section id="related" title={`More from ${department.name}`} tone="muted">
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {related.map((s) => <li key={s.slug}><ServiceCard service={s} /></li>)}
          </ul>
        </Section>
      ) : null}

      <CtaBand title={`Ready to start your ${service.name} project?`} />
    </>
  );
}

function AtAGlance({ department, weeks, deliverables }: { department: string; weeks: string; deliverables: readonly string[] }) {
  return (
    <div className="hidden rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 lg:block">
      <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">At a glance</p>
      <dl className="mt-4 grid grid-cols-2 gap-4 text-sm">
        <div><dt className="text-slate-600">Department</dt><dd className="font-semibold text-ink">{department}</dd></div>
        <div><dt className="text-slate-600">Typical project</dt><dd className="font-semibold text-ink">{weeks}</dd></div>
      </dl>
      <p className="mt-5 text-sm text-slate-600">You get, among other things:</p>
      <div className="mt-2 text-sm"><CheckList items={deliverables} /></div>
      <p className="mt-4 text-sm"><a href="#what-you-get" className="font-semibold text-brand-700 hover:underline">Everything you get</a></p>
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
