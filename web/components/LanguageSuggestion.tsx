import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { catalog } from '../../shared/i18n/catalogs.ts';
import { basePath, LOCALE_TAGS, pathIn, type Locale } from '../../shared/i18n/locale.ts';
import { hasVersionIn } from '../../shared/i18n/pages.ts';
import { CHOICE_KEY, DISMISSED_KEY, suggestion } from '../../shared/i18n/choice.ts';
import { loadCatalog, useLocale } from '../i18n/i18n.ts';
import { recall, remember } from '../i18n/storage.ts';

/**
 * On a page in one language, a browser that prefers the other (navigator.languages) is offered the same page
 * in it, in that language, once: a choice or a dismissal is remembered. Never a redirect: the page stays in
 * its URL's language. Client-only (after hydration), so the prerendered page, which search engines read,
 * never carries it.
 */
export function LanguageSuggestion() {
  const { pathname } = useLocation();
  const locale = useLocale();
  const [offer, setOffer] = useState<Locale | null>(null);

  useEffect(() => {
    const base = basePath(pathname);
    const target = suggestion(locale, navigator.languages ?? [navigator.language], { choice: recall(CHOICE_KEY), dismissed: recall(DISMISSED_KEY) === '1' }, (l) => hasVersionIn(l, base));
    if (!target) return setOffer(null);
    let live = true;
    // The suggestion is written in the language it offers: its catalog is fetched for it.
    void loadCatalog(target).then(() => live && setOffer(target));
    return () => {
      live = false;
    };
  }, [pathname, locale]);

  if (!offer) return null;
  const t = catalog(offer);
  const dismiss = () => {
    remember(DISMISSED_KEY, '1');
    setOffer(null);
  };
  return (
    // Fixed over the page's foot, left of the chat button: it arrives after hydration, and pushing the page down
    // then would shift its layout (Lighthouse measured CLS 0.08 on French pages with it above the header).
    <aside lang={LOCALE_TAGS[offer]} aria-label={t._('frame.language')} className="fixed bottom-5 left-5 right-24 z-40 max-w-md rounded-xl bg-brand-50 text-ink shadow-lg ring-1 ring-brand-100">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 text-sm">
        <p>{t._('frame.suggest')}</p>
        <a href={pathIn(offer, basePath(pathname))} hrefLang={LOCALE_TAGS[offer]} onClick={() => remember(CHOICE_KEY, offer)} className="font-semibold text-brand-700 underline underline-offset-2">
          {t._('frame.suggestAction')}
        </a>
        <button type="button" onClick={dismiss} className="ml-auto rounded-full px-3 py-1 font-medium text-slate-700 hover:bg-white">
          {t._('frame.suggestDismiss')}
        </button>
      </div>
    </aside>
  );
}
