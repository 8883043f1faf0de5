import { api } from '../../api/client.ts';
import { Spinner } from '../../components/Spinner.tsx';
import { Note, Panel } from '../../ui/kit.tsx';
import { adminKeys } from '../queryKeys.ts';
import { useStaffQuery } from '../useStaffQuery.ts';
import { kindLabel } from '../../../shared/submissionKinds.ts';

// The totals of every kind of submission, parked deliveries and the spam trap, at a glance.
export function Overview() {
  const query = useStaffQuery(adminKeys.overview, (init) => api.admin.overview.$get(undefined, init));
  const overview = query.data;

  return (
    <Panel id="overview" title="Submissions" intro="Everything visitors sent through the site and the chat, recorded in Appwrite.">
      {query.isError ? (
        <Note tone="error">{query.error.message}</Note>
      ) : !overview ? (
        <div className="flex justify-center py-6"><Spinner size="md" label="Loading the overview" /></div>
      ) : (
        <div className="space-y-6">
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            {Object.entries(overview.counts).map(([kind, count]) => (
              <div key={kind} className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
                <dt className="text-sm text-slate-600">{kindLabel(kind)}</dt>
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
                : `${overview.honeypot.total} ${overview.honeypot.total === 1 ? 'submission' : 'submissions'} filled the hidden spam trap in the last ${overview.honeypot.days} days and ${overview.honeypot.total === 1 ? 'was' : 'were'} dropped (${Object.entries(overview.honeypot.byKind).map(([k, n]) => `${kindLabel(k)}: ${n}`).join(', ')}). Robots do this; a sudden rise can mean browsers fill the field for real visitors.`}
            </p>
          )}
        </div>
      )}
    </Panel>
  );
}
