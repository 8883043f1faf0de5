import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Service } from '../../../shared/content/services.ts';
import type { Department } from '../../../shared/content/departments.ts';
import type { PortfolioCard } from '../../../shared/content/portfolioCards.ts';
import { cardIn, departmentIn, serviceIn } from '../../../shared/content/localized.ts';
import { useHref, useI18n, useLocale } from '../../i18n/i18n.ts';
import { DepartmentIcon } from './DepartmentIcon.tsx';
import { PriceBadge } from './PriceBadge.tsx';
import { DecorativeImage } from '../../light/DecorativeImage.tsx';

// Cards use h3 headings: place them inside a Section (h2). The heading's link covers the whole card.
const cardLink = 'after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-brand-600';

/** A card with a department's icon, a title that links (the whole card is the link's target), a summary and a footer. */
function IconCard({ icon, iconClass, title, href, summary, children }: {
  icon: Department['id'];
  iconClass: string;
  title: string;
  href: string;
  summary: ReactNode;
  children: ReactNode;
}) {
  return (
    <article className="group relative flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 transition-shadow hover:shadow-md">
      <span className={`grid h-11 w-11 place-items-center rounded-xl ${iconClass}`}>
        <DepartmentIcon id={icon} />
      </span>
      <h3 className="mt-4 text-lg font-semibold text-ink">
        <Link to={href} className={`${cardLink} group-hover:text-brand-700`}>{title}</Link>
      </h3>
      <p className="mt-2 flex-1 leading-7 text-slate-600">{summary}</p>
      {children}
    </article>
  );
}

export function ServiceCard({ service }: { service: Service }) {
  const i18n = useI18n();
  const to = useHref();
  const s = serviceIn(useLocale(), service);
  return (
    <IconCard icon={s.department} iconClass="bg-brand-50 text-brand-700" title={s.name} href={to(`/services/${s.slug}`)} summary={s.summary}>
      <span aria-hidden="true" className="mt-4 text-sm font-semibold text-brand-700">{i18n._('card.learnMore')} →</span>
    </IconCard>
  );
}

export function DepartmentCard({ department: english, href }: { department: Department; href: string }) {
  const department = departmentIn(useLocale(), english);
  return (
    <IconCard icon={department.id} iconClass="bg-ink text-white" title={department.name} href={href} summary={department.summary}>
      <div className="mt-5"><PriceBadge department={department} size="sm" /></div>
    </IconCard>
  );
}

export function ProjectCard({ project: english, eager = false }: { project: PortfolioCard; eager?: boolean }) {
  const i18n = useI18n();
  const to = useHref();
  const project = cardIn(useLocale(), english);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white transition-shadow hover:shadow-md">
      <DecorativeImage
        src={project.image}
        alt={project.imageAlt}
        width={1200}
        height={750}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className="aspect-[8/5] h-auto w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col p-6">
        <p className="text-sm font-semibold text-brand-700">
          {project.categoryLabel} <span aria-hidden="true">·</span> {project.location}
        </p>
        <h3 className="mt-2 text-lg font-semibold text-ink">
          <Link to={to(`/portfolio/${project.slug}`)} className={`${cardLink} group-hover:text-brand-700`}>{project.title}</Link>
        </h3>
        <p className="mt-2 flex-1 leading-7 text-slate-600">{project.description}</p>
        <span aria-hidden="true" className="mt-4 text-sm font-semibold text-brand-700">{i18n._('card.readCase')} →</span>
      </div>
    </article>
  );
}
