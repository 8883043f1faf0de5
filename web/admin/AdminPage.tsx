import { lazy, Suspense, type ReactNode } from 'react';
import { Link, Route, Routes } from 'react-router-dom';
import { ProtectedRoute } from '../auth/ProtectedRoute.tsx';
import { useAuth } from '../auth/AuthContext.tsx';
import { can } from '../../shared/admin/permissions.ts';
import { Spinner } from '../components/Spinner.tsx';
import { AdminNav } from './AdminNav.tsx';
import { usePresence } from './usePresence.ts';
import { WaitingAlert } from './waiting/WaitingAlert.tsx';

// /admin/* (docs/product.md, "Admin area"): staff (admin or moderator) get the workspace; anyone else signed
// in sees that this area is not for them, and no data. The page only reflects the role: every /api/admin
// route checks it on the server (functions/admin/allow.ts). Each section is its own chunk.
const InboxPage = lazy(() => import('./inbox/InboxPage.tsx'));
const LeadPage = lazy(() => import('./inbox/LeadPage.tsx'));
const ChannelsPage = lazy(() => import('./channels/ChannelsPage.tsx'));
const UsersPage = lazy(() => import('./users/UsersPage.tsx'));
const DeliveriesPage = lazy(() => import('./deliveries/DeliveriesPage.tsx'));
const ReportsPage = lazy(() => import('./reports/ReportsPage.tsx'));
const SavedRepliesPage = lazy(() => import('./savedReplies/SavedRepliesPage.tsx'));
const NotificationsPage = lazy(() => import('./notifications/NotificationsPage.tsx'));

export default function AdminPage() {
  return (
    <ProtectedRoute>
      <Admin />
    </ProtectedRoute>
  );
}

function NoAccess({ email }: { email: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-extrabold tracking-tight text-ink">No access</h1>
      <p className="mt-4 text-lg leading-8 text-slate-600">
        The admin area is for Volta Labs staff. You are signed in as <span className="font-semibold break-all text-ink">{email}</span>, which has no access to it.
      </p>
      <Link to="/dashboard" className="mt-8 inline-flex rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700">Go to your dashboard</Link>
    </div>
  );
}

function Loading() {
  return <div className="flex justify-center py-16"><Spinner size="lg" label="Loading" /></div>;
}

function Admin() {
  const auth = useAuth();
  usePresence(auth.status === 'signed-in' && can(auth.role, 'live.join'));
  if (auth.status !== 'signed-in') return null;
  if (!can(auth.role, 'admin.open')) return <NoAccess email={auth.user.email} />;
  const section = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;
  return (
    <div className="min-h-[70vh] bg-slate-50">
      <AdminNav role={auth.role} />
      {can(auth.role, 'live.join') ? <WaitingAlert /> : null}
      <Routes>
        <Route index element={section(<InboxPage />)} />
        <Route path="leads/:id" element={section(<LeadPage />)} />
        <Route path="channels/*" element={section(<ChannelsPage />)} />
        <Route path="users" element={section(<UsersPage />)} />
        <Route path="deliveries" element={section(<DeliveriesPage />)} />
        <Route path="reports" element={section(<ReportsPage />)} />
        <Route path="saved-replies" element={section(<SavedRepliesPage />)} />
        <Route path="notifications" element={section(<NotificationsPage />)} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </div>
  );
}

function NotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-extrabold tracking-tight text-ink">Not found</h1>
      <p className="mt-4 text-slate-600">There is no such page in the admin area.</p>
      <Link to="/admin" className="mt-8 inline-flex rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700">Go to the inbox</Link>
    </div>
  );
}
