import { AdminSection } from '../AdminSection.tsx';
import { useAuth } from '../../auth/AuthContext.tsx';
import { Overview } from './Overview.tsx';

// /admin: the staff inbox (being built: for now the totals).
export default function InboxPage() {
  const auth = useAuth();
  const who = auth.status === 'signed-in' ? <>Signed in as <span className="font-semibold break-all text-ink">{auth.user.email}</span> · {auth.role === 'admin' ? 'Admin' : 'Moderator'}</> : null;
  return (
    <AdminSection title="Admin" intro={who}>
      <Overview />
    </AdminSection>
  );
}
