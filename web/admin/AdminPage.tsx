import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ProtectedRoute } from '../auth/ProtectedRoute.tsx';
import { useAuth } from '../auth/AuthContext.tsx';
import { isStaff } from '../../shared/roles.ts';
import { useAppwriteConfig } from '../auth/forms.ts';
import { Spinner } from '../components/Spinner.tsx';
import { fetchOverview, kindNames, type OverviewResponse } from '../dashboard/api.ts';
import { Note, Panel } from '../dashboard/ui.tsx';

// /admin/* (docs/product.md §15): staff (admin or moderator) see an overview; anyone else signed in
// sees that this area is not for them. The page only reflects the role: the Worker enforces it
// (GET /api/admin/overview answers 403 to non-staff, docs/decisions/0006).
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

function Admin() {
  const auth = useAuth();
  const config = useAppwriteConfig();
  const [overview, setOverview] = useState<OverviewResponse | { error: string; status: number } | null>(null);
  const staff = auth.status === 'signed-in' && isStaff(auth.role);
  const userId = auth.status === 'signed-in' ? auth.user.$id : null;

  useEffect(() => {
    if (!staff || !config || !userId) return;
    let live = true;
    void fetchOverview(config, userId).then((r) => {
      if (live) setOverview(r.ok ? r.data : { error: r.message, status: r.status });
    });
    return () => {
      live = false;
    };
  }, [staff, config, userId]);

  if (auth.status !== 'signed-in') return null;
  if (!staff) return <NoAccess email={auth.user.email} />;
  if (overview && 'error' in overview && overview.status === 403) return <NoAccess email={auth.user.email} />;

  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-5xl space-y-8 px-4 py-12 sm:py-16">
        <header>
          <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">Admin</h1>
          <p className="mt-2 text-slate-600">
            Signed in as <span className="font-semibold break-all text-ink">{auth.user.email}</span> · {auth.role === 'admin' ? 'Admin' : 'Moderator'}
          </p>
        </header>
        <Panel id="overview" title="Submissions" intro="Everything visitors sent through the site and the chat, recorded in Appwrite.">
          {!overview ? (
            <div className="flex justify-center py-6"><Spinner size="md" label="Loading the overview" /></div>
          ) : 'error' in overview ? (
            <Note tone="error">{overview.error}</Note>
          ) : (
            <div className="space-y-6">
              <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
                {Object.entries(overview.counts).map(([kind, count]) => (
                  <div key={kind} className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
                    <dt className="text-sm text-slate-600">{kindNames[kind] ?? kind}</dt>
                    <dd className="mt-1 text-3xl font-bold text-ink">{count}</dd>
                  </div>
                ))}
              </dl>
              <p className="text-sm text-slate-700">
                {overview.parked === null
                  ? 'The delivery queue did not answer, so parked deliveries are unknown right now.'
                  : overview.parked === 0
                    ? 'No delivery is parked: every submission reached its destinations.'
                    : `${overview.parked} ${overview.parked === 1 ? 'submission is' : 'submissions are'} parked after failed deliveries and need a look.`}
              </p>
              {overview.honeypot && (
                <p className="text-sm text-slate-700" data-testid="honeypot-count">
                  {overview.honeypot.total === 0
                    ? `No submission filled the hidden spam trap in the last ${overview.honeypot.days} days.`
                    : `${overview.honeypot.total} ${overview.honeypot.total === 1 ? 'submission' : 'submissions'} filled the hidden spam trap in the last ${overview.honeypot.days} days and ${overview.honeypot.total === 1 ? 'was' : 'were'} dropped (${Object.entries(overview.honeypot.byKind).map(([k, n]) => `${kindNames[k] ?? k}: ${n}`).join(', ')}). Robots do this; a sudden rise can mean browsers fill the field for real visitors.`}
                </p>
              )}
            </div>
          )}
        </Panel>
        <p className="text-sm text-slate-600">The full admin area (channels, messages, roles) comes later. <Link to="/dashboard" className="font-semibold text-brand-700 hover:underline">Your own dashboard</Link></p>
      </div>
    </div>
  );
}
