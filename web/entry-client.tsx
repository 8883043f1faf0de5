import './styles.css';

// The only script in a page's HTML (docs/decisions/0009-first-paint-from-html.md): inlined at the end of the
// body by scripts/prerender.ts (about 1 KB, allowed by its CSP hash, docs/decisions/0033), nothing
// module-preloaded. The page paints from the prerendered
// HTML and its inlined stylesheet alone; the app (web/hydrate.tsx) is fetched once the page has loaded and
// its largest paint has been reported, so on a slow link no script competes with the HTML, the font, the
// images or the largest paint. scripts/prerender.ts lists in <meta name="app-modules"> the app's entry
// first, then every module it and the page's own code import: all are fetched at once, in parallel. A
// visitor's first touch or key press starts it at once (after the frame that answers it).

let started = false;
function start() {
  if (started) return;
  started = true;
  // The development server does not prerender: it serves the app's source.
  if (import.meta.env.DEV) return void import('./hydrate.tsx');
  const modules = (document.querySelector('meta[name="app-modules"]')?.getAttribute('content') ?? '').split(' ').filter(Boolean);
  // In the listed order, the app first: it is the largest and everything waits for it. Starting a request
  // costs the main thread a few milliseconds at 4x CPU slowdown (all of them in one append: a task of
  // 25-140 ms), so the links go in a few at a time, a task each.
  const links = modules.map((href) => Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
  const next = () => {
    document.head.append(...links.splice(0, 4));
    if (links.length) setTimeout(next, 0);
  };
  next();
  if (modules[0]) void import(/* @vite-ignore */ modules[0]);
}

const ready = (region: string) => (document.documentElement.dataset.ready ?? '').split(' ').includes(region);

// Until the main region has hydrated, the browser would submit a form by itself (a GET with every field in
// the URL): such submits are held; once hydrated, the app handles them (web/hydration/ready.tsx).
document.addEventListener('submit', (event) => {
  if (!ready('main')) event.preventDefault();
}, true);

// Until its region has hydrated, an element that works with the HTML alone (data-native-until: the mobile
// menu, the fields of a form that adopts early input; web/hydration/ready.tsx) is the browser's alone: React,
// seeing a tap or key press there, would hydrate the whole region synchronously inside it first. The
// pointer, mouse and focus events a tap also sends are held too: on those React only queues a replay and
// raises the region's priority, but that first pass through its event code cost a tap 30-50 ms at 4x CPU.
const native = (target: EventTarget | null) => {
  const own = (target as Element | null)?.closest?.('[data-native-until]');
  if (!own || ready(own.getAttribute('data-native-until') ?? '')) return false;
  // In a form, its fields and labels: the submit button needs the app.
  return own.tagName !== 'FORM' || !!(target as Element).closest('input, textarea, select, label');
};
// Once every region with such elements has hydrated, nothing is held again (an element rendered later is in a
// hydrated region): the listeners go, rather than run on every pointer move for the page's life.
const held = new Set([...document.querySelectorAll('[data-native-until]')].map((el) => el.getAttribute('data-native-until') ?? ''));
const holding = new AbortController();
for (const type of 'pointerdown pointerup mousedown mouseup touchstart touchend touchcancel pointercancel click dblclick auxclick contextmenu keydown keypress keyup input textInput change paste cut copy compositionstart compositionend pointerover pointerout pointermove mouseover mouseout mousemove touchmove gotpointercapture lostpointercapture focusin focusout'.split(' ')) {
  addEventListener(type, (event) => {
    if (native(event.target)) event.stopPropagation();
    else if ([...held].every(ready)) holding.abort();
  }, { capture: true, passive: true, signal: holding.signal });
}

// After the frame that answers the touch or key, which the app's start would otherwise delay.
const startAfterPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
for (const type of ['pointerdown', 'keydown', 'touchstart']) addEventListener(type, startAfterPaint, { once: true, capture: true, passive: true });

/** Calls `then` once the page's largest paint so far has been reported (it has been painted by then). */
function afterLargestPaint(then: () => void) {
  // A hidden tab paints nothing: no reason to wait.
  if (document.visibilityState === 'hidden') return then();
  document.addEventListener('visibilitychange', then, { once: true });
  if (!PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) return void requestAnimationFrame(() => setTimeout(then, 0));
  const observer = new PerformanceObserver(() => {
    observer.disconnect();
    then();
  });
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
  // A page with no contentful element reports none.
  setTimeout(then, 1000);
}

// A link from an email (sign-in, verification, password reset) carries a one-time secret: the visitor came to
// have it used, not to read the page, so the app starts at once.
// A light page (docs/decisions/0033-light-mode-and-data-budget.md) works from its HTML until the visitor does
// something: the app comes with the first touch or key press (above), not on load. The attribute is
// shared/lightMode.ts's LIGHT_ATTRIBUTE, written out: an import would pull the app's shared chunk into this file.
if (/[?&]secret=/.test(location.search)) start();
else if (document.documentElement.hasAttribute('data-light')) { /* on the first touch or key */ }
else if (document.readyState === 'complete') afterLargestPaint(start);
else addEventListener('load', () => afterLargestPaint(start), { once: true });
