import { whenIdle, loadScript } from '../hydration/idle.ts';

// Google Analytics 4 (docs/product.md §4.3: a page_view event with the page path, sent only if an
// analytics id is configured"), plus Core Web Vitals as events (web/analytics/vitals.ts). Nothing here runs
// without an id: no script, no dataLayer, no events.
// The automatic page view is off (send_page_view: false); the SPA sends one page_view per route change.

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

export const gtagUrl = (id: string) => `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;

let initialisedFor: string | null = null;

/** Sets up gtag with `id` once; the script itself loads when the browser is idle. Events queue until then. */
export function initAnalytics(id: string) {
  if (initialisedFor) return;
  initialisedFor = id;
  window.dataLayer = window.dataLayer ?? [];
  // gtag.js reads Arguments objects from the dataLayer; an array (rest parameters) would be ignored.
  window.gtag = function gtag() {
    // biome-ignore lint/complexity/noArguments: gtag.js needs the Arguments object itself (above)
    window.dataLayer?.push(arguments);
  };
  window.gtag('js', new Date());
  window.gtag('config', id, { send_page_view: false });
  whenIdle(() => void loadScript(gtagUrl(id)));
  // Core Web Vitals as events (web/analytics/vitals.ts); the library is fetched only here.
  whenIdle(() => void import('./vitals.ts').then((m) => m.reportWebVitals(), () => {}));
}

export function sendPageView(pagePath: string) {
  window.gtag?.('event', 'page_view', {
    page_path: pagePath,
    page_location: window.location.href,
    page_title: document.title,
  });
}
