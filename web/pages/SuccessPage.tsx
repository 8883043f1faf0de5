import { successPage } from '../../shared/content/pages.ts';
import { portfolioCards } from '../../shared/content/portfolioCards.ts';
import { ButtonLink } from '../components/content/actions.tsx';
import { Section } from '../components/content/layout.tsx';
import { ProjectCard } from '../components/content/cards.tsx';
import { ReplyBy } from './ReplyBy.tsx';
import { sayIn } from '../../shared/i18n/say.ts';
import { useHref, useLocale } from '../i18n/i18n.ts';

export default function SuccessPage() {
  const t = sayIn(useLocale());
  const href = useHref();
  return (
    <>
      <div className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-2xl px-4 py-20 text-center">
          <span aria-hidden="true" className="mx-auto grid h-16 w-16 place-items-center rounded-full bg-emerald-100 text-emerald-700">
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-8 w-8" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round"><path d="m5 12 5 5 9-10" /></svg>
          </span>
          <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-ink">{t('success.title', successPage.title)}</h1>
          <p className="mt-4 text-lg leading-8 text-slate-600">{t('success.lead', successPage.lead)}</p>
          <p className="mt-2 text-xl font-semibold text-ink"><ReplyBy fallback={t('success.reply', successPage.reply)} /></p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <ButtonLink to={href('/')}>{t('success.home', 'Back to the home page')}</ButtonLink>
            <ButtonLink to={href('/booking')} variant="secondary">{t('success.book', 'Book a consultation')}</ButtonLink>
          </div>
        </div>
      </div>
      <Section id="while-you-wait" title={t('success.next', successPage.next)} intro={t('success.nextIntro', 'See what we have built for clients like you.')}>
        <ul className="grid gap-6 md:grid-cols-3">
          {portfolioCards.slice(0, 3).map((p) => <li key={p.slug}><ProjectCard project={p} /></li>)}
        </ul>
      </Section>
    </>
  );
}
