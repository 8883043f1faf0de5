import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { can } from '../../../shared/admin/permissions.ts';
import { LEAD_STATUSES, leadKindNames, leadStatusNames, type AnswerWay, type LeadStatus } from '../../../shared/admin/leads.ts';
import type { ErasurePreview } from '../../../shared/admin/leadView.ts';
import { api } from '../../api/client.ts';
import { errorStatus } from '../../api/queries.ts';
import { useAuth } from '../../auth/AuthContext.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { buttonClass, formatDate, Note } from '../../ui/kit.tsx';
import { Select, Textarea } from '../../ui/controls.tsx';
import { AdminSection } from '../AdminSection.tsx';
import { adminKeys } from '../queryKeys.ts';
import { useStaffApi } from '../useStaffApi.ts';
import { useStaffQuery } from '../useStaffQuery.ts';
import { useLeadChange } from './useLeadChange.ts';
import { useStaffList } from './useStaffList.ts';
import { DueBadge, StatusBadge } from './InboxPage.tsx';
import { relativeTime } from './format.ts';
import { useInboxRealtime } from './useInboxRealtime.ts';
import { LiveConversation } from './LiveConversation.tsx';
import { WhatsAppHandOff } from '../waiting/WhatsAppHandOff.tsx';
import { EmailComposer } from './EmailComposer.tsx';
import { WhatsAppComposer } from './WhatsAppComposer.tsx';
import { LeadTimeline } from './LeadTimeline.tsx';
import { RepliedBadge } from './MailIn.tsx';
import { PromiseClock, promiseNotice } from './PromiseClock.tsx';
import { LanguageBadge } from './LanguageBadge.tsx';

// /admin/leads/:id: one lead — every submitted field, the conversation, the history, the same person's
// other requests, in one timeline — and what staff do with it: status, assignee, notes, a reply by e-mail; admins also
// archive it (with an Undo in the notice that confirms it) or erase the person's data. Live: a colleague's
// change shows at once.



export default function LeadPage() {
  const { id = '' } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const auth = useAuth();
  const run = useStaffApi();
  const queryClient = useQueryClient();
  const staff = useStaffList();
  const [notice, setNotice] = useState<{ ok: boolean; text: string; undo?: () => void } | null>(null);
  const undoRef = useRef<HTMLButtonElement>(null);
  // Which action spoke last: an older action that settles later must not replace the newer one's notice.
  const lastAction = useRef(0);
  const [announcement, setAnnouncement] = useState('');
  const me = auth.status === 'signed-in' ? auth.user.$id : '';
  const myName = auth.status === 'signed-in' ? auth.user.name || auth.user.email : '';
  const role = auth.status === 'signed-in' ? auth.role : null;

  // The inbox's view travels in the query, so previous and next follow the list it came from. Keyed by
  // lead and view: the page shows the answer for the lead in the address bar, never a slower earlier one.
  const key = adminKeys.leadIn(id, search);
  const detail = useStaffQuery(key, (init) => api.admin.leads[':id'].$get({ param: { id }, query: Object.fromEntries(new URLSearchParams(search)) }, init));
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.lead(id) });

  // Another lead (or view) starts without the previous one's notice and offer.
  const [shownKey, setShownKey] = useState(`${id}${search}`);
  if (shownKey !== `${id}${search}`) {
    setShownKey(`${id}${search}`);
    setNotice(null);
  }

  // Status, assignee and notes show at once and are put back if the Worker refuses them.
  const status = useLeadChange(key, ({ to, how }: { to: LeadStatus; how?: AnswerWay }, init) => api.admin.leads[':id'].status.$patch({ param: { id }, json: { status: to, ...(how ? { answeredVia: how } : {}) } }, init),
    (d, { to }) => ({ ...d, lead: { ...d.lead, status: to } }));
  const assignee = useLeadChange(key, (assigneeId: string | null, init) => api.admin.leads[':id'].assignee.$patch({ param: { id }, json: { assigneeId } }, init),
    (d, to) => {
      const assigneeId = to === 'me' ? me : to;
      const person = staff.find((s) => s.id === assigneeId);
      return { ...d, lead: { ...d.lead, assigneeId, assigneeName: assigneeId ? (assigneeId === me ? myName : person?.name || person?.email || assigneeId) : null } };
    });
  const note = useLeadChange(key, (text: string, init) => api.admin.leads[':id'].notes.$post({ param: { id }, json: { text } }, init),
    (d, text) => ({ ...d, activity: [...d.activity, { id: `pending-note-${d.activity.length}`, type: 'note', text, actorId: me, actorName: myName, from: null, to: null, at: new Date().toISOString(), subject: null, messageId: null, deliveryState: null, deliveryError: null, attachments: null, waTemplate: null }] }));

  // The Undo of an archive takes the focus: the button that archived is gone, and Undo is what comes next.
  useEffect(() => {
    if (notice?.undo) undoRef.current?.focus();
  }, [notice]);

  useInboxRealtime((event) => {
    if (event.leadId !== id) return;
    if (event.collection === 'activity' && event.payload.type === 'email_in' && event.action === 'create') setAnnouncement('The prospect answered by e-mail.');
    else if (event.collection === 'activity' && event.payload.actorId !== me && event.payload.type !== 'email_out') setAnnouncement('A colleague changed this lead.');
    void refresh();
  });

  const suffix = search || '';

  if (detail.isPending || (detail.isError && detail.isFetching)) return <AdminSection title="Lead"><div className="flex justify-center py-12"><Spinner size="lg" label="Loading the lead" /></div></AdminSection>;
  if (detail.isError) {
    const notFound = errorStatus(detail.error) === 404;
    return (
      <AdminSection title={notFound ? 'Lead not found' : 'Lead'}>
        <div role="alert" className="space-y-3 rounded-xl bg-red-50 p-5 text-red-900 ring-1 ring-red-200">
          <p className="font-semibold">{notFound ? 'There is no such lead. It may have been erased.' : 'The lead could not be loaded.'}</p>
          <p className="text-sm">{detail.error.message}</p>
          <div className="flex flex-wrap gap-3">
            {!notFound ? <button type="button" className={buttonClass.secondary} onClick={() => void detail.refetch()}>Try again</button> : null}
            <Link to={`/admin${suffix}`} className={buttonClass.secondary}>Back to the inbox</Link>
          </div>
        </div>
      </AdminSection>
    );
  }

  const { lead, fields, transcript, activity, related, previousId, nextId } = detail.data;
  const name = lead.name || lead.email || 'Unnamed visitor';
  // The conversation's reference (docs/decisions/0021): staff reach the live chat by it, never by its id.
  const conversationRef = fields.find((f) => f.key === 'conversationRef')?.value;

  const act = async (work: () => Promise<{ ok: boolean; message?: string }>) => {
    const action = ++lastAction.current;
    setNotice(null);
    const out = await work();
    if (action !== lastAction.current) return;
    if (!out.ok) setNotice({ ok: false, text: out.message ?? 'That did not work. Please try again.' });
    else if (out.message) setNotice({ ok: true, text: out.message });
  };
  const setStatus = (to: LeadStatus, how?: AnswerWay) => act(() => status.mutateAsync({ to, how }).then(
    (r) => ({ ok: true, message: `Status set to ${leadStatusNames[to]}.${promiseNotice(r, how)}` }),
    (error: Error) => ({ ok: false, message: error.message }),
  ));
  const assign = (to: string | null) => act(() => assignee.mutateAsync(to).then(
    (r) => ({ ok: true, message: r.assigneeName ? `Assigned to ${r.assigneeName}.` : 'Assigned to nobody.' }),
    (error: Error) => ({ ok: false, message: error.message }),
  ));

  const restore = () => act(async () => {
    const r = await run((init) => api.admin.leads[':id'].restore.$post({ param: { id } }, init));
    await refresh();
    return r.ok ? { ok: true, message: 'Lead restored: it is back in the inbox.' } : { ok: false, message: r.error.message };
  });
  const archive = async () => {
    lastAction.current += 1;
    setNotice(null);
    const r = await run((init) => api.admin.leads[':id'].archive.$post({ param: { id } }, init));
    setNotice(r.ok ? { ok: true, text: 'Lead archived: it no longer shows in the inbox.', undo: () => void restore() } : { ok: false, text: r.error.message });
    await refresh();
  };

  return (
    <AdminSection
      title={name}
      intro={<>{leadKindNames[lead.kind]} · received <time dateTime={lead.receivedAt}>{formatDate(lead.receivedAt)}</time> ({relativeTime(lead.receivedAt)})<LanguageBadge lead={lead} /></>}
      actions={
        <nav aria-label="Other leads" className="flex flex-wrap gap-2">
          <Link to={`/admin${suffix}`} className={buttonClass.secondary}>Back to the inbox</Link>
          {previousId ? <Link to={`/admin/leads/${previousId}${suffix}`} className={buttonClass.secondary}>Previous lead</Link> : null}
          {nextId ? <Link to={`/admin/leads/${nextId}${suffix}`} className={buttonClass.secondary}>Next lead</Link> : null}
        </nav>
      }
    >
      <div aria-live="polite" role="status" className="sr-only">{announcement}</div>
      {notice ? (
        <Note tone={notice.ok ? 'ok' : 'error'}>
          {notice.text}
          {notice.undo ? <> <button ref={undoRef} type="button" className="ml-1 min-h-11 px-2 font-semibold underline" onClick={notice.undo}>Undo</button></> : null}
        </Note>
      ) : null}
      {lead.archived ? <Note tone="warn">This lead is archived: it no longer shows in the inbox.</Note> : null}

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <section aria-labelledby="fields-title" className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
            <h2 id="fields-title" className="text-lg font-bold text-ink">What they sent</h2>
            {fields.length ? (
              <dl className="mt-4 grid gap-4 sm:grid-cols-2">
                {fields.map((f) => (
                  <div key={f.key} className={f.value.length > 80 ? 'sm:col-span-2' : ''}>
                    <dt className="text-sm text-slate-600">{f.label}</dt>
                    <dd className="mt-0.5 whitespace-pre-wrap break-words text-ink">{f.value}</dd>
                  </div>
                ))}
              </dl>
            ) : <p className="mt-3 text-slate-600">The request's own record is not in Appwrite (it may have been erased).</p>}
          </section>

          {lead.kind === 'live' && conversationRef ? <LiveConversation conversationRef={conversationRef} changed={() => void refresh()} /> : null}
          {lead.waHandler ? <WhatsAppHandOff leadId={lead.id} handler={lead.waHandler} changed={() => void refresh()} /> : null}

          <section aria-labelledby="reply-title" className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
            <h2 id="reply-title" className="text-lg font-bold text-ink">Reply by e-mail</h2>
            <div className="mt-3"><EmailComposer leadKey={key} data={detail.data} me={{ id: me, name: myName }} /></div>
          </section>
          {lead.waId || fields.some((f) => f.key === 'phone' && f.value.trim()) ? (
            <section aria-labelledby="whatsapp-title" className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
              <h2 id="whatsapp-title" className="text-lg font-bold text-ink">Reply on WhatsApp</h2>
              <div className="mt-3"><WhatsAppComposer leadKey={key} data={detail.data} me={{ id: me, name: myName }} /></div>
            </section>
          ) : null}
          <Notes add={(text) => note.mutateAsync(text)} />
          <LeadTimeline leadId={lead.id} receivedAt={lead.receivedAt} transcript={transcript} activity={activity} />
        </div>

        <div className="space-y-6">
          <section aria-labelledby="work-title" className="space-y-4 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
            <h2 id="work-title" className="text-lg font-bold text-ink">Handling</h2>
            <p className="flex flex-wrap items-center gap-2 text-sm"><StatusBadge status={lead.status} /><RepliedBadge lead={lead} /><DueBadge lead={lead} /></p>
            <label className="block text-sm font-semibold text-ink">
              Status
              <Select size="sm" className="mt-1 block w-full font-normal" value={lead.status} onChange={(e) => void setStatus(e.target.value as LeadStatus)}>
                {LEAD_STATUSES.map((s) => <option key={s} value={s}>{leadStatusNames[s]}</option>)}
              </Select>
            </label>
            <label className="block text-sm font-semibold text-ink">
              Assignee
              <Select size="sm" className="mt-1 block w-full font-normal" value={lead.assigneeId ?? ''} onChange={(e) => void assign(e.target.value || null)}>
                <option value="">Nobody</option>
                {lead.assigneeId && !staff.some((s) => s.id === lead.assigneeId) ? <option value={lead.assigneeId}>{lead.assigneeName ?? lead.assigneeId}</option> : null}
                {staff.map((s) => <option key={s.id} value={s.id}>{s.name || s.email}{s.id === me ? ' (me)' : ''}</option>)}
              </Select>
            </label>
            {lead.assigneeId !== me ? <button type="button" className={buttonClass.secondary} onClick={() => void assign('me')}>Assign to me</button> : null}
            <PromiseClock lead={lead} markContacted={(how) => setStatus('contacted', how)} />
          </section>

          <section aria-labelledby="related-title" className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
            <h2 id="related-title" className="text-lg font-bold text-ink">Other requests from this address</h2>
            {related.length ? (
              <ul className="mt-3 space-y-3">
                {related.map((r) => (
                  <li key={r.id} className="text-sm">
                    <Link to={`/admin/leads/${r.id}`} className="font-semibold text-brand-700 underline">{leadKindNames[r.kind]}, {formatDate(r.receivedAt)}</Link>
                    <span className="ml-2"><StatusBadge status={r.status} /></span>
                    <p className="mt-0.5 break-words text-slate-600">{r.summary}</p>
                  </li>
                ))}
              </ul>
            ) : <p className="mt-2 text-sm text-slate-600">None: this is their only request.</p>}
          </section>

          {can(role, 'lead.delete') ? (
            <AdminActions leadId={lead.id} archived={lead.archived} archive={archive} restore={restore} erased={(text) => navigate('/admin', { state: { notice: text } })} />
          ) : null}
        </div>
      </div>
    </AdminSection>
  );
}

function Notes({ add }: { add: (text: string) => Promise<unknown> }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const noteId = useId();
  return (
    <section aria-labelledby="notes-title" className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
      <h2 id="notes-title" className="text-lg font-bold text-ink">Internal note</h2>
      <form
        className="mt-3 space-y-3"
        onSubmit={async (e) => {
          e.preventDefault();
          if (!text.trim()) return setError('Write the note first.');
          // The note moves to the history at once; if the Worker refuses it, it comes back here with the reason.
          setPending(true);
          setText('');
          const failed = await add(text).then(() => null, (err: Error) => err.message);
          setPending(false);
          if (failed) {
            setText(text);
            return setError(failed);
          }
          setError(null);
        }}
      >
        <label htmlFor={noteId} className="block text-sm font-semibold text-ink">Note</label>
        <Textarea id={noteId} rows={3} maxLength={5000} value={text} onChange={(e) => setText(e.target.value)} size="sm" className="block w-full" placeholder="Only staff see notes." />
        {error ? <Note tone="error">{error}</Note> : null}
        <button type="submit" className={buttonClass.primary} disabled={pending}>{pending ? 'Adding…' : 'Add note'}</button>
      </form>
    </section>
  );
}

function AdminActions({ leadId, archived, archive, restore, erased }: {
  leadId: string; archived: boolean; archive: () => Promise<void>; restore: () => Promise<void>; erased: (text: string) => void;
}) {
  const run = useStaffApi();
  const [preview, setPreview] = useState<ErasurePreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const confirmId = useId();
  return (
    <section aria-labelledby="admin-title" className="space-y-3 rounded-2xl bg-white p-6 ring-1 ring-red-200">
      <h2 id="admin-title" className="text-lg font-bold text-ink">Admin</h2>
      {archived ? (
        <button type="button" className={buttonClass.secondary} onClick={() => void restore()}>Restore to the inbox</button>
      ) : (
        <button type="button" className={buttonClass.danger} onClick={() => {
          if (window.confirm('Archive this lead? It leaves the inbox; its history is kept.')) void archive();
        }}>Archive this lead</button>
      )}
      <button type="button" className={buttonClass.danger} disabled={pending} onClick={async () => {
        setPending(true);
        const r = await run((init) => api.admin.leads.erasure.preview.$post({ json: { leadId } }, init));
        setPending(false);
        if (r.ok) setPreview(r.data);
        else setError(r.error.message);
      }}>Erase this person's data</button>
      {preview ? (
        <div role="alertdialog" aria-labelledby={confirmId} className="space-y-3 rounded-lg bg-red-50 p-4 text-sm text-red-900 ring-1 ring-red-200">
          <p id={confirmId} className="font-semibold">Erase everything stored about {preview.email ?? 'the person of this request'}?</p>
          <ul className="list-disc space-y-1 pl-5">
            <li>{preview.requests.length === 1 ? '1 request' : `${preview.requests.length} requests`}{preview.requests.length ? `: ${preview.requests.map((r) => `${leadKindNames[r.kind]} of ${formatDate(r.receivedAt)}`).join('; ')}` : ''}, with their transcripts</li>
            <li>{preview.activity === 1 ? '1 note or history entry' : `${preview.activity} notes and history entries`}</li>
            <li>{preview.conversations === 1 ? '1 chat conversation' : `${preview.conversations} chat conversations`} kept on the server</li>
            <li>{preview.parked === 1 ? '1 parked delivery' : `${preview.parked} parked deliveries`}</li>
          </ul>
          <p>This cannot be undone. The log keeps only that an erasure happened, when and by whom.</p>
          <div className="flex flex-wrap gap-2">
            <button type="button" className={buttonClass.danger} disabled={pending} onClick={async () => {
              setPending(true);
              const r = await run((init) => api.admin.leads.erasure.$post({ json: { leadId } }, init));
              setPending(false);
              if (!r.ok) return setError(r.error.message);
              erased(`Erased the data of ${r.data.email ?? 'this request'}: ${r.data.requests.length} requests, ${r.data.activity} history entries, ${r.data.conversations} chat conversations, ${r.data.parked} parked deliveries.`);
            }}>Erase permanently</button>
            <button type="button" className={buttonClass.secondary} onClick={() => setPreview(null)}>Cancel</button>
          </div>
        </div>
      ) : null}
      {error ? <Note tone="error">{error}</Note> : null}
    </section>
  );
}
