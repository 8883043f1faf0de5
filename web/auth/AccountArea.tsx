import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import DashboardPage from '../dashboard/DashboardPage.tsx';
import { QueryProvider } from '../api/QueryProvider.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { addCatalog } from '../../shared/i18n/catalogs.ts';
import { localeOfPath } from '../../shared/i18n/locale.ts';
import { loadCatalog } from '../i18n/i18n.ts';

// The French dashboard's words (shared/i18n/account/dashboard/fr.po), before this area renders: a document is in
// its URL's language (the switch opens a new one), so only a French document fetches them, after its French chunk.
if (typeof location !== 'undefined' && localeOfPath(location.pathname) === 'fr') {
  await loadCatalog('fr');
  addCatalog('fr', (await import('../../shared/i18n/account/dashboard/fr.ts')).messages);
}

// The protected areas (/dashboard and /admin/*) behind one lazy import in the route table, which every page
// loads. The admin area is a chunk of its own: only staff who open /admin download it.
const AdminPage = lazy(() => import('../admin/AdminPage.tsx'));

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
