import { Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { pagePatterns } from '../shared/routePaths.ts';
import { pages } from './pageRegistry.ts';
import { Layout } from './components/Layout.tsx';
import { ProtectedRoute } from './auth/ProtectedRoute.tsx';
import { Spinner } from './components/Spinner.tsx';
import { ErrorBoundary } from './global/ErrorBoundary.tsx';


/** Shown while a page's code loads (spec.md section 2); it fades in only if loading takes a moment.
 * data-page-loading: hash scrolling waits for it to go (web/global/scroll.ts). */
export function PageLoading() {
  return <p data-page-loading="" className="delayed-reveal mx-auto max-w-6xl px-4 py-24 text-center text-slate-500">Loading...</p>;
}

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
            <Route path="/dashboard" element={<ProtectedRoute><p>Dashboard</p></ProtectedRoute>} />
            <Route path="/admin/*" element={<ProtectedRoute><p>Admin</p></ProtectedRoute>} />
            <Route path="*" element={<NotFound />} />
          </Routes>
        </Suspense>
      </ErrorBoundary>
    </Layout>
  );
}

export function PageSpinner() {
  return <div className="flex min-h-[50vh] items-center justify-center"><Spinner size="lg" /></div>;
}
