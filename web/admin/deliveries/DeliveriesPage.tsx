import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { can } from '../../../shared/admin/permissions.ts';
import type { ParkedDelivery } from '../../../shared/admin/deliveries.ts';
import { api } from '../../api/client.ts';
import { useAuth } from '../../auth/AuthContext.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { buttonClass, formatDate, Note } from '../../ui/kit.tsx';
import { AdminSection } from '../AdminSection.tsx';
import { ConfirmDialog, type Confirmation } from '../team/ConfirmDialog.tsx';
import { adminKeys } from '../queryKeys.ts';
import { useStaffApi } from '../useStaffApi.ts';
import { useStaffQuery } from '../useStaffQuery.ts';

// /admin/deliveries: submissions the queue parked after delivery kept failing (docs/architecture.md §4).
// Staff read them; admins re-queue one or all, or discard one after a confirmation.

export default function DeliveriesPage() {
  const auth = useAuth();
  const run = useStaffApi();
  const manage = can(auth.status === 'signed-in' ? auth.role : null, 'delivery.manage');
  const queryClient = useQueryClient();
  const parked = useStaffQuery(adminKeys.deliveries, (init) => api.admin.deliveries.$get(undefined, init));
  const list = parked.data?.deliveries ?? null;
  const [failure, setFailure] = useState<string | null>(null);
  const error = failure ?? parked.error?.message ?? null;
  const [notice, setNotice] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const refresh = () => {
    setFailure(null);
    void queryClient.invalidateQueries({ queryKey: adminKeys.deliveries });
  };

  const retry = async (json: { all: true } | { kind: string | null; id: string }) => {
    const r = await run((init) => api.admin.deliveries.retry.$post({ json }, init));
    if (!r.ok) return setFailure(r.error.message);
    const n = r.data.requeued.length;
    setNotice(`${n === 1 ? 'One submission is' : `${n} submissions are`} back on the queue${r.data.failed.length ? `; ${r.data.failed.length} could not be re-queued` : ''}.`);
    refresh();
  };
  const discard = async (d: ParkedDelivery) => {
    const r = await run((init) => api.admin.deliveries.discard.$post({ json: { kind: d.kind, id: d.id } }, init));
    if (!r.ok) return setFailure(r.error.message);
    setNotice(`The ${d.kindName.toLowerCase()} was discarded.`);
    refresh();
  };

  return (
    <AdminSection
      title="Deliveries"
      intro="Submissions that could not be e-mailed or recorded after hours of retries wait here, so nothing a visitor sent is lost."
      actions={manage && list && list.length > 1 ? <button type="button" className={buttonClass.primary} onClick={() => void retry({ all: true })}>Retry all</button> : undefined}
    >
      {notice && <Note tone="ok">{notice}</Note>}
      {error && <Note tone="error">{error}</Note>}
      {!list ? (
        !error && <div className="flex justify-center py-10"><Spinner size="md" label="Loading parked deliveries" /></div>
      ) : list.length === 0 ? (
        <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
          <h2 className="text-lg font-bold text-ink">All deliveries went through</h2>
          <p className="mt-2 text-slate-600">Nothing is parked: every submission reached the team's inbox and Appwrite.</p>
        </div>
      ) : (
        <ul className="space-y-4">
          {list.map((d) => (
            <li key={`${d.kind} ${d.id}`}>
              <article aria-labelledby={`parked-${d.id}`} className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
                <header className="flex flex-wrap items-start justify-between gap-3">
                  <div>
                    <h2 id={`parked-${d.id}`} className="text-lg font-bold text-ink">{d.kindName}{d.fields.find((f) => f.name === 'name') ? ` from ${d.fields.find((f) => f.name === 'name')?.value}` : ''}</h2>
                    <p className="text-sm text-slate-600">
                      {d.submittedAt ? <>Sent <time dateTime={d.submittedAt}>{formatDate(d.submittedAt)}</time> · </> : null}
                      Parked <time dateTime={d.parkedAt}>{formatDate(d.parkedAt)}</time> · {d.attempts === 1 ? '1 failed attempt' : `${d.attempts} failed attempts`}
                      {d.timesParked > 1 ? ` · parked ${d.timesParked} times` : ''}
                    </p>
                  </div>
                  {manage && (
                    <div className="flex flex-wrap gap-2">
                      <button type="button" className={buttonClass.primary} onClick={() => void retry({ kind: d.kind, id: d.id })}>Retry</button>
                      <button
                        type="button"
                        className={buttonClass.danger}
                        onClick={() => setConfirmation({
                          title: `Discard this ${d.kindName.toLowerCase()}?`,
                          body: 'It is removed for good and will never be delivered. Copy anything you still need first.',
                          confirm: 'Discard',
                          danger: true,
                          onConfirm: () => void discard(d),
                        })}
                      >
                        Discard
                      </button>
                    </div>
                  )}
                </header>
                <p className="text-sm font-semibold text-ink">{d.problem}</p>
                <p className="text-sm break-words text-slate-700">Last error: {d.lastError}</p>
                {d.fields.length > 0 && (
                  <dl className="grid gap-x-4 gap-y-2 rounded-lg bg-slate-50 p-3 text-sm sm:grid-cols-[12rem_1fr]">
                    {d.fields.map((f) => (
                      <div key={f.name} className="contents">
                        <dt className="font-semibold text-slate-700">{f.label}</dt>
                        <dd className="break-words whitespace-pre-wrap text-slate-800">{f.value}</dd>
                      </div>
                    ))}
                  </dl>
                )}
                {d.raw && <pre className="overflow-x-auto rounded-lg bg-slate-50 p-3 text-xs break-all whitespace-pre-wrap text-slate-800">{d.raw}</pre>}
              </article>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </AdminSection>
  );
}
