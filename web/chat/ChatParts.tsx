import { TeamHours } from '../booking/TeamHours.tsx';
import { Link } from 'react-router-dom';
import type { ChatPart } from '../../shared/chat/api.ts';
import { chatLink } from '../../shared/chat/links.ts';
import type { Estimate } from '../../shared/chat/estimate.ts';
import { chatSay, priceRangeIn, projectLabelIn, weekRangeIn } from '../../shared/chat/text.ts';
import { useHref, useLocale } from '../i18n/i18n.ts';

// The structured results under a bot message (shared/chat/api.ts, ChatPart). Everything is rendered as
// React text and attributes: nothing from the model or the visitor reaches the page as HTML. Links are
// only followed when shared/chat/links.ts says so: the site's own pages, http(s) or mailto addresses.

/** The href the chat follows (a normalised site path, an http(s) or mailto address), else null. */
export const safeHref = (href: string | undefined) => chatLink(href, window.location.origin)?.href ?? null;

/** A site path opens in the app; any other address in a new tab that gets no hold on this page. */
export function SiteLink({ href, className, children }: { href: string | undefined; className?: string; children: React.ReactNode }) {
  const safe = chatLink(href, window.location.origin);
  if (!safe) return <span className={className}>{children}</span>;
  if (safe.kind === 'site') return <Link to={safe.href} className={className}>{children}</Link>;
  if (safe.kind === 'mail') return <a href={safe.href} className={className}>{children}</a>;
  return <a href={safe.href} target="_blank" rel="noopener noreferrer" className={className}>{children}</a>;
}

const card = 'mt-2 rounded-xl border border-slate-200 bg-white p-3 text-sm text-slate-800';
export const link = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600';

export function EstimateCard({ estimate }: { estimate: Estimate }) {
  const locale = useLocale();
  const label = projectLabelIn(locale, estimate.projectType, estimate.label);
  const weeks = weekRangeIn(locale, estimate.weeks);
  return (
    <div className={card} data-part="estimate">
      <p className="font-semibold text-ink">{chatSay(locale, 'chat.part.estimate', `Estimate: ${label}`, { label })}</p>
      <p className="mt-1 text-base font-bold text-brand-700">{priceRangeIn(locale, estimate.min, estimate.max)}</p>
      <p className="text-slate-600">{chatSay(locale, 'chat.part.about', `About ${weeks}`, { weeks })}</p>
    </div>
  );
}

/** Keys for the parts of one message: the kind and how many of that kind came before (parts never move). */
function partKeys(parts: readonly ChatPart[]): string[] {
  const seen = new Map<string, number>();
  return parts.map((p) => {
    const n = (seen.get(p.type) ?? 0) + 1;
    seen.set(p.type, n);
    return `${p.type}-${n}`;
  });
}

export function ChatParts({ parts }: { parts: readonly ChatPart[] }) {
  const keys = partKeys(parts);
  // The captions in the page's language, and the site's pages in it where they exist (the tools name English paths).
  const locale = useLocale();
  const page = useHref();
  const say = (id: string, en: string, values?: Record<string, unknown>) => chatSay(locale, `chat.part.${id}`, en, values);
  return (
    <>
      {parts.map((part, n) => {
        const i = keys[n];
        switch (part.type) {
          case 'estimate':
            return <EstimateCard key={i} estimate={part.estimate} />;
          case 'portfolio':
            return (
              <ul key={i} className="mt-2 space-y-2" data-part="portfolio" aria-label={say('portfolio', 'Portfolio projects')}>
                {part.projects.map((p) => (
                  <li key={p.slug} className={card.replace('mt-2 ', '')}>
                    <SiteLink href={page(p.href)} className={link}>{p.title}</SiteLink>
                    <p className="text-xs text-slate-600">{p.client}{p.location ? `, ${p.location}` : ''}</p>
                    <p className="mt-1 text-slate-700">{p.description}</p>
                  </li>
                ))}
              </ul>
            );
          case 'booking':
            return (
              <div key={i} className="mt-2" data-part="booking">
                <SiteLink
                  href={page(part.url)}
                  className="inline-flex items-center rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600"
                >
                  {part.label}
                </SiteLink>
                <p className="mt-1 text-xs text-slate-600">{say('consultation', `${part.minutes}-minute consultation.`, { minutes: part.minutes })} <TeamHours prefix="Our team takes calls" /></p>
              </div>
            );
          case 'department':
            return (
              <div key={i} className={card} data-part="department">
                <SiteLink href={page(part.department.href)} className={link}>{part.department.name}</SiteLink>
                <p className="mt-1 text-slate-700">{part.department.priceText}, {part.department.weeksText}</p>
                {part.services.length ? (
                  <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
                    {part.services.map((s) => (
                      <li key={s.href}><SiteLink href={page(s.href)} className={link}>{s.name}</SiteLink></li>
                    ))}
                  </ul>
                ) : null}
              </div>
            );
          case 'faq':
            return (
              <dl key={i} className={card} data-part="faq">
                {part.items.map((item) => (
                  <div key={item.question}>
                    <dt className="font-semibold text-ink">{item.question}</dt>
                    <dd className="mt-1 text-slate-700">{item.answer}</dd>
                  </div>
                ))}
              </dl>
            );
          case 'contact':
            return (
              <div key={i} className={card} data-part="contact">
                <p><a className={link} href={`mailto:${part.email}`}>{part.email}</a></p>
                <p><a className={link} href={`tel:${part.phone.replace(/[^+\d]/g, '')}`}>{part.phone}</a></p>
                <p><SiteLink href={page(part.href)} className={link}>{say('contactPage', 'Contact page')}</SiteLink></p>
              </div>
            );
          default:
            return null;
        }
      })}
    </>
  );
}
