import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { publicRoutes } from '../shared/routes.ts';
import { pages } from './pageRegistry.ts';
import { Layout } from './components/Layout.tsx';
import { ProtectedRoute } from './auth/ProtectedRoute.tsx';
import { Spinner } from './components/Spinner.tsx';

// Dynamic pages get one pattern each; the page itself answers an unknown slug with the not-found page.
const patterns: Partial<Record<string, string>> = { service: '/services/:slug', 'portfolio-detail': '/portfolio/:slug' };
const routeEntries = [...new Map(publicRoutes.map((r) => [patterns[r.page] ?? r.path, r.page])).entries()];

export function App() {
  const NotFound = pages['not-found'];
  return (
    <Layout>
      <Suspense fallback={<p className="mx-auto max-w-6xl px-4 py-24 text-center text-slate-500">Loading...</p>}>
        <Routes>
          {routeEntries.map(([path, page]) => {
            const Page = pages[page];
            return <Route key={path} path={path} element={<Page />} />;
          })}
          <Route path="/dashboard" element={<ProtectedRoute><p>Dashboard</p></ProtectedRoute>} />
          <Route path="/admin/*" element={<ProtectedRoute><p>Admin</p></ProtectedRoute>} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </Layout>
  );
}

export function PageSpinner() {
  return <div className="flex min-h-[50vh] items-center justify-center"><Spinner size="lg" /></div>;
}
