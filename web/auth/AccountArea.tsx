import { useLocation } from 'react-router-dom';
import DashboardPage from '../dashboard/DashboardPage.tsx';
import AdminPage from '../admin/AdminPage.tsx';

// The protected areas (/dashboard and /admin/*) as one chunk: one lazy import in the route table, which
// every page loads, instead of two.
export default function AccountArea() {
  return useLocation().pathname.startsWith('/admin') ? <AdminPage /> : <DashboardPage />;
}
