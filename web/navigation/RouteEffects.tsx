import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useConfig } from '../config.tsx';
import { scrollOnNavigation } from './scroll.ts';
import { initAnalytics, sendPageView } from '../analytics/analytics.ts';

type Seen = { key: string; path: string };

// The head module carries the whole route table (every title and description), so it loads on the first
// navigation rather than with every page: the first page's head is prerendered.
const applyHead = (pathname: string, origin: string | null) =>
  import('./head.ts').then((m) => m.applyHead(pathname, origin));

// What happens on every route change: the document head, the scroll position and the page_view event,
// in that order (the event carries the new title). Renders nothing.
export function RouteEffects() {
  const location = useLocation();
  const config = useConfig();
  const path = location.pathname + location.search;

  const navigated = useRef<Seen | null>(null);
  /** Settles once the head of the current route is written: the page_view event carries its title. */
  const headWritten = useRef<Promise<void>>(Promise.resolve());
  useEffect(() => {
    const before = navigated.current;
    if (before?.key === location.key) return; // StrictMode runs mount effects twice
    navigated.current = { key: location.key, path };
    if (!before) {
      // First page: the prerendered head and the browser's own scroll position are right. Only the
      // development server, which does not prerender, starts without a title.
      if (!document.title) headWritten.current = applyHead(location.pathname, config?.siteUrl ?? null);
      return;
    }
    headWritten.current = applyHead(location.pathname, config?.siteUrl ?? null);
    return scrollOnNavigation(location.hash, before.path === path);
    // Keyed on the navigation (the guard above): a later configuration does not rewrite the head.
  }, [location.key, location.pathname, location.hash, path, config?.siteUrl]);

  const analyticsId = config?.analyticsId ?? null;
  const counted = useRef<Seen | null>(null);
  useEffect(() => {
    if (!analyticsId) return;
    initAnalytics(analyticsId);
    const last = counted.current;
    if (last?.key === location.key) return;
    counted.current = { key: location.key, path };
    if (last?.path === path && location.hash) return; // a jump within the page is not a page view
    void headWritten.current.then(() => sendPageView(path));
  }, [analyticsId, location.key, location.hash, path]);

  return null;
}
