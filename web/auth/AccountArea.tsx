import { Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import DashboardPage from '../dashboard/DashboardPage.tsx';
import { QueryProvider } from '../api/QueryProvider.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { preloadable } from '../hydration/preloadable.tsx';

// The protected areas (/dashboard, /fr/dashboard and /admin/*) behind one lazy import in the route table, which
// every page loads (/fr/dashboard fetches the dashboard's French part with it, web/App.tsx). The admin area is a
// chunk of its own: only staff who open /admin download it. Preloadable, not lazy: a page opened at /admin/* fetches
// it before hydrating (web/App.tsx), and it then renders at once. Left to suspend while hydrating, its boundary met
// the session's state change, a transition React 19 could leave suspended with nothing to retry it ("Checking
// your session" for good; docs/decisions/0033, tests/e2e/admin-deep-link.spec.ts).
export const AdminPage = preloadable(() => import('../admin/AdminPage.tsx'));

export default function AccountArea() {
  const admin = useLocation().pathname.startsWith('/admin');
  // Server data through TanStack Query (web/api/queries.ts), in this chunk and the admin one only.
  return (
    <QueryProvider>
      {admin ? (
        <Suspense fallback={<div className="flex min-h-[50vh] items-center justify-center"><Spinner size="xl" label="Loading the admin area" /></div>}>
          <AdminPage />
        </Suspense>
      ) : <DashboardPage />}
    </QueryProvider>
  );
}
