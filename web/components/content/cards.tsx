import { Link } from 'react-router-dom';
import type { Service } from '../../../shared/content/services.ts';
import { serviceSummaries } from '../../../shared/content/serviceSummaries.ts';
import type { Department } from '../../../shared/content/departments.ts';
import { categoryLabel, type PortfolioCard } from '../../../shared/content/portfolioCards.ts';
import { DepartmentIcon } from './DepartmentIcon.tsx';
import { PriceBadge } from './PriceBadge.tsx';

// Cards use h3 headings: place them inside a Section (h2). The heading's link covers the whole card.
const cardLink = 'after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-brand-600';

export function ServiceCard({ service }: { service: Service }) {
  return (
    <article className="group relative flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 transition-shadow hover:shadow-md">
      <span className="grid h-11 w-11 place-items-center rounded-xl bg-brand-50 text-brand-700">
        <DepartmentIcon id={service.department} />
      </span>
      <h3 className="mt-4 text-lg font-semibold text-ink">
        <Link to={`/services/${service.slug}`} className={`${cardLink} group-hover:text-brand-700`}>{service.name}</Link>
      </h3>
      <p className="mt-2 flex-1 leading-7 text-slate-600">{serviceSummaries[service.slug]}</p>
      <span aria-hidden="true" className="mt-4 text-sm font-semibold text-brand-700">Learn more →</span>
    </article>
  );
}

export function DepartmentCard({ department, href }: { department: Department; href: string }) {
  return (
    <article className="group relative flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 transition-shadow hover:shadow-md">
      <span className="grid h-11 w-11 place-items-center rounded-xl bg-ink text-white">
        <DepartmentIcon id={department.id} />
      </span>
      <h3 className="mt-4 text-lg font-semibold text-ink">
        <Link to={href} className={`${cardLink} group-hover:text-brand-700`}>{department.name}</Link>
      </h3>
      <p className="mt-2 flex-1 leading-7 text-slate-600">{department.summary}</p>
      <div className="mt-5"><PriceBadge department={department} size="sm" /></div>
    </article>
  );
}

export function ProjectCard({ project, eager = false }: { project: PortfolioCard; eager?: boolean }) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white transition-shadow hover:shadow-md">
      <img
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
          {categoryLabel(project.category)} <span aria-hidden="true">·</span> {project.location}
        </p>
        <h3 className="mt-2 text-lg font-semibold text-ink">
          <Link to={`/portfolio/${project.slug}`} className={`${cardLink} group-hover:text-brand-700`}>{project.title}</Link>
        </h3>
        <p className="mt-2 flex-1 leading-7 text-slate-600">{project.description}</p>
        <span aria-hidden="true" className="mt-4 text-sm font-semibold text-brand-700">Read the case study →</span>
      </div>
    </article>
  );
}
