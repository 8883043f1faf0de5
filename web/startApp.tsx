import { startTransition } from 'react';
import { hydrateRoot, createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { Root } from './Root.tsx';
import { preloadRoute } from './App.tsx';
import { readConfigFromDocument } from './config.tsx';
import { loadCatalog } from './i18n/i18n.ts';
import { localeOfPath } from '../shared/i18n/locale.ts';
import { restoreLightCookie } from './light/lightMode.ts';

// The app, started by web/hydrate.tsx once React and the router have been evaluated. Hydration runs in a transition,
// so React renders in short slices and yields to the browser between them instead of one long task; the
// page's regions (header, main, footer) are Suspense boundaries of their own (web/components/Layout.tsx).
// The page's code is fetched first: a region left dehydrated because its code is still on the way would
// hold every configuration and session update, which are transitions too (web/config.tsx), until it
// arrives. docs/decisions/0009-first-paint-from-html.md.
restoreLightCookie();
const container = document.getElementById('root')!;
// A French page renders from the French catalog: it is in the page's module list (scripts/prerender.ts).
await loadCatalog(localeOfPath(location.pathname));
const config = readConfigFromDocument(document);
const tree = <Root config={config} router={(app) => <BrowserRouter>{app}</BrowserRouter>} />;
if (container.firstElementChild) {
  // A failed fetch is left to the page's error boundary (it suspends and shows the error fallback).
  await preloadRoute(location.pathname).catch(() => {});
  // A turn of the event loop after the page's code has run: a tap or key press that came meanwhile is
  // handled by the browser alone (focus, typing) before React listens, instead of making React hydrate the
  // region it lands in at once, inside that event.
  await new Promise<void>((resolve) => setTimeout(resolve, 0));
  startTransition(() => {
    hydrateRoot(container, tree);
  });
} else {
  createRoot(container).render(tree);
}
