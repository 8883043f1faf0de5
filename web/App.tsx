import { Suspense } from 'react';
import { matchRoutes, Route, Routes, useLocation } from 'react-router-dom';
import { pagePatterns } from '../shared/routePaths.ts';
import { pages } from './pageRegistry.ts';
import { staticPages } from './pageFiles.ts';
import { pathIn } from '../shared/i18n/locale.ts';
import { frenchPages } from '../shared/i18n/pages.ts';
import type { FrenchArea } from '../shared/i18n/frenchParts.ts';
import { useI18n } from './i18n/i18n.ts';
import { Layout } from './components/Layout.tsx';
import { ErrorBoundary } from './components/ErrorBoundary.tsx';
import { preloadable, type Preloadable } from './hydration/preloadable.tsx';
import { Ready } from './hydration/ready.tsx';
import { StaticHtml } from './hydration/StaticHtml.tsx';


/** Shown while a page's code loads (docs/product.md §4.3); it fades in only if loading takes a moment.
 * data-page-loading: hash scrolling waits for it to go (web/navigation/scroll.ts). */
export function PageLoading() {
  const i18n = useI18n();
  return <p data-page-loading="" className="delayed-reveal mx-auto max-w-6xl px-4 py-24 text-center text-slate-500">{i18n._('frame.loading')}</p>;
}

// The account areas (docs/product.md §2.2, protected routes): they wrap themselves in ProtectedRoute, so the
// session spinner and the redirect load with them, not with every page. Lazy: never part of a public
// page's first load.
const loadAccountArea = () => import('./auth/AccountArea.tsx');
const AccountArea = preloadable(loadAccountArea);
// The same area on /admin/*, fetched with the admin area's own code (web/auth/AccountArea.tsx says why).
const AdminArea = preloadable(() => loadAccountArea().then(async (m) => { await m.AdminPage.preload(); return m; }));

// Which parts a French page needs, and how to fetch them, is a chunk of its own: English pages never load it.
const loadFrenchParts = (area: FrenchArea) => import('./i18n/loadFrenchPart.ts').then((m) => m.loadFrenchParts(area));

/** `Page` under /fr: its code and the French parts of `area`, fetched together (shared/i18n/frenchParts.ts). */
function inFrench(Page: Preloadable, area: FrenchArea): Preloadable {
  return preloadable(() => Promise.all([Page.preload(), loadFrenchParts(area)]).then(() => ({ default: Page })));
}

// The route table, once: the router renders it, and preloadRoute finds the page a path shows. A static page
// (web/pageFiles.ts) keeps its prerendered HTML on the page the browser loaded.
const routes: { path: string; Page: Preloadable; isStatic: boolean }[] = [
  ...pagePatterns.map(([path, page]) => ({ path, Page: pages[page], isStatic: staticPages.has(page) })),
  // The French pages (shared/i18n/pages.ts): the same pages under /fr; they read the language from the URL.
  ...pagePatterns.filter(([, page]) => frenchPages.has(page)).map(([path, page]) => ({ path: pathIn('fr', path), Page: inFrench(pages[page], page), isStatic: staticPages.has(page) })),
  { path: '/fr/*', Page: pages['not-found'], isStatic: staticPages.has('not-found') },
  { path: '/dashboard', Page: AccountArea, isStatic: false },
  { path: '/fr/dashboard', Page: inFrench(AccountArea, 'dashboard'), isStatic: false },
  { path: '/admin/*', Page: AdminArea, isStatic: false },
  { path: '*', Page: pages['not-found'], isStatic: staticPages.has('not-found') },
];

/**
 * Fetches the code of the page `pathname` shows, so that hydrating it does not suspend (web/startApp.tsx).
 * A static page's code is not needed to hydrate it.
 */
export function preloadRoute(pathname: string): Promise<void> {
  const match = matchRoutes(routes.map(({ path }) => ({ path })), pathname)?.[0];
  const route = routes.find((r) => r.path === match?.route.path) ?? routes.at(-1)!;
  return route.isStatic ? Promise.resolve() : route.Page.preload();
}

export function App() {
  const { pathname } = useLocation();
  return (
    <Layout>
      <ErrorBoundary resetKey={pathname}>
        {/* Keyed by path: a new boundary shows its fallback even though navigations are transitions. It is
            also the main region's own boundary for hydration (web/components/Layout.tsx). */}
        <Suspense key={pathname} fallback={<PageLoading />}>
          <Routes>
            {routes.map(({ path, Page, isStatic }) => (
              <Route key={path} path={path} element={isStatic ? <StaticHtml name="page"><Page /></StaticHtml> : <Page />} />
            ))}
          </Routes>
          <Ready region="main" />
        </Suspense>
      </ErrorBoundary>
    </Layout>
  );
}
