import { lazy, Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { pagePatterns } from '../shared/routePaths.ts';
import { pages } from './pageRegistry.ts';
import { Layout } from './components/Layout.tsx';
import { ErrorBoundary } from './global/ErrorBoundary.tsx';


/** Shown while a page's code loads (docs/product.md §4.3); it fades in only if loading takes a moment.
 * data-page-loading: hash scrolling waits for it to go (web/global/scroll.ts). */
export function PageLoading() {
  return <p data-page-loading="" className="delayed-reveal mx-auto max-w-6xl px-4 py-24 text-center text-slate-500">Loading...</p>;
}

// The account areas (docs/product.md §2.2, protected routes): they wrap themselves in ProtectedRoute, so the
// session spinner and the redirect load with them, not with every page.
const AccountArea = lazy(() => import('./auth/AccountArea.tsx'));

export function App() {
  const NotFound = pages['not-found'];
  const { pathname } = useLocation();
  return (
    <Layout>
      <ErrorBoundary resetKey={pathname}>
        {/* Keyed by path: a new boundary shows its fallback even though navigations are transitions. */}
        <Suspense key={pathname} fallback={<PageLoading />}>
          <Routes>
            {pagePatterns.map(([path, page]) => {
              const Page = pages[page];
              return <Route key={path} path={path} element={<Page />} />;
            })}
            <Route path="/dashboard" element={<AccountArea />} />
            <Route path="/admin/*" element={<AccountArea />} />
            <Route path="*" element={<NotFound />} />
          </Routes>
        </Suspense>
      </ErrorBoundary>
    </Layout>
  );
}
