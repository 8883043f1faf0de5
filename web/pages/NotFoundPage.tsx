import { Link } from 'react-router-dom';
import { notFoundPage } from '../../shared/content/pages.ts';
import { ButtonLink } from '../components/content/actions.tsx';
import '../../shared/i18n/enPages.ts';
import { useHref, useI18n } from '../i18n/i18n.ts';

export default function NotFoundPage() {
  const i18n = useI18n();
  const to = useHref();
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-3xl px-4 py-20">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{i18n._('notFound.eyebrow')}</p>
        <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-ink sm:text-5xl">{i18n._('notFound.title')}</h1>
        <p className="mt-4 text-lg leading-8 text-slate-600">{i18n._('notFound.lead')}</p>
        <div className="mt-8"><ButtonLink to={to('/')}>{i18n._('notFound.home')}</ButtonLink></div>
        <nav aria-labelledby="not-found-links" className="mt-14">
          <h2 id="not-found-links" className="text-xl font-bold text-ink">{i18n._('notFound.linksTitle')}</h2>
          <ul className="mt-4 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
            {notFoundPage.links.map((l) => (
              <li key={l.href}>
                <Link to={to(l.href)} className="flex flex-col gap-0.5 px-5 py-4 hover:bg-slate-50 sm:flex-row sm:items-baseline sm:gap-3">
                  <span className="font-semibold text-brand-700">{i18n._(l.label)}</span>
                  <span className="text-slate-600">{i18n._(l.text)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
