import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { can } from '../../../shared/admin/permissions.ts';
import { LEAD_STATUSES, leadKindNames, leadStatusNames, type LeadStatus } from '../../../shared/admin/leads.ts';
import type { ErasurePreview, LeadActivity, LeadDetailResponse, TranscriptTurn } from '../../../shared/admin/leadView.ts';
import { api } from '../../api/client.ts';
import { useAuth } from '../../auth/AuthContext.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { buttonClass, formatDate, Note } from '../../dashboard/ui.tsx';
import { AdminSection } from '../AdminSection.tsx';
import { useStaffApi } from '../useStaffApi.ts';
import { useStaffList } from './useStaffList.ts';
import { DueBadge, StatusBadge } from './InboxPage.tsx';
import { relativeTime } from './format.ts';
import { useInboxRealtime } from './useInboxRealtime.ts';
import { LiveConversation } from './LiveConversation.tsx';

// /admin/leads/:id: one lead — every submitted field, the conversation, the history, the same person's
// other requests — and what staff do with it: status, assignee, notes, a reply by e-mail; admins also
// archive it (with an Undo in the notice that confirms it) or erase the person's data. Live: a colleague's
// change shows at once.

const turnClass: Record<TranscriptTurn['from'], string> = {
  visitor: 'ml-auto bg-brand-600 text-white',
  assistant: 'bg-slate-100 text-ink',
  staff: 'bg-amber-50 text-ink ring-1 ring-amber-200',
  system: 'mx-auto bg-white text-slate-700 italic',
};
const turnAuthor = (t: TranscriptTurn) =>
  t.from === 'visitor' ? 'Visitor: ' : t.from === 'staff' ? `${t.name ?? 'Staff'}: ` : t.from === 'system' ? 'Note: ' : 'Assistant: ';

const field = 'min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-ink';

type Load = { state: 'loading' } | { state: 'error'; status: number; message: string } | { state: 'ok'; data: LeadDetailResponse };

export default function LeadPage() {
  const { id = '' } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const auth = useAuth();
  const run = useStaffApi();
  const [detail, setDetail] = useState<Load>({ state: 'loading' });
  const staff = useStaffList();
  const [notice, setNotice] = useState<{ ok: boolean; text: string; undo?: () => void } | null>(null);
  const undoRef = useRef<HTMLButtonElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const [offerContacted, setOfferContacted] = useState(false);
  const load = useCallback(async (quiet = false) => {
    if (!quiet) setDetail({ state: 'loading' });
    // The inbox's view travels in the query, so previous and next follow the list it came from.
    const view = Object.fromEntries(new URLSearchParams(search));
    const r = await run((init) => api.admin.leads[':id'].$get({ param: { id }, query: view }, init));
    setDetail(r.ok ? { state: 'ok', data: r.data } : { state: 'error', status: r.status, message: r.error.message });
  }, [run, id, search]);

  useEffect(() => {
    setOfferContacted(false);
    setNotice(null);
    void load();
  }, [load]);

  // The Undo of an archive takes the focus: the button that archived is gone, and Undo is what comes next.
  useEffect(() => {
    if (notice?.undo) undoRef.current?.focus();
  }, [notice]);

  useInboxRealtime((event) => {
    if (event.leadId !== id) return;
    if (event.collection === 'activity' && event.payload.actorId !== me) setAnnouncement('A colleague changed this lead.');
    void load(true);
  });

  const me = auth.status === 'signed-in' ? auth.user.$id : '';
  const role = auth.status === 'signed-in' ? auth.role : null;
  const suffix = search || '';

  if (detail.state === 'loading') return <AdminSection title="Lead"><div className="flex justify-center py-12"><Spinner size="lg" label="Loading the lead" /></div></AdminSection>;
  if (detail.state === 'error') {
    return (
      <AdminSection title={detail.status === 404 ? 'Lead not found' : 'Lead'}>
        <div role="alert" className="space-y-3 rounded-xl bg-red-50 p-5 text-red-900 ring-1 ring-red-200">
          <p className="font-semibold">{detail.status === 404 ? 'There is no such lead. It may have been erased.' : 'The lead could not be loaded.'}</p>
          <p className="text-sm">{detail.message}</p>
          <div className="flex flex-wrap gap-3">
            {detail.status !== 404 ? <button type="button" className={buttonClass.secondary} onClick={() => void load()}>Try again</button> : null}
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
    setNotice(null);
    const out = await work();
    if (!out.ok) setNotice({ ok: false, text: out.message ?? 'That did not work. Please try again.' });
    else if (out.message) setNotice({ ok: true, text: out.message });
    await load(true);
  };
  const setStatus = (status: LeadStatus) => act(async () => {
    const r = await run((init) => api.admin.leads[':id'].status.$patch({ param: { id }, json: { status } }, init));
    return r.ok ? { ok: true, message: `Status set to ${leadStatusNames[status]}.` } : { ok: false, message: r.error.message };
  });
  const assign = (assigneeId: string | null) => act(async () => {
    const r = await run((init) => api.admin.leads[':id'].assignee.$patch({ param: { id }, json: { assigneeId } }, init));
    return r.ok ? { ok: true, message: r.data.assigneeName ? `Assigned to ${r.data.assigneeName}.` : 'Assigned to nobody.' } : { ok: false, message: r.error.message };
  });

  const restore = () => act(async () => {
    const r = await run((init) => api.admin.leads[':id'].restore.$post({ param: { id } }, init));
    return r.ok ? { ok: true, message: 'Lead restored: it is back in the inbox.' } : { ok: false, message: r.error.message };
  });
  const archive = async () => {
    setNotice(null);
    const r = await run((init) => api.admin.leads[':id'].archive.$post({ param: { id } }, init));
    setNotice(r.ok ? { ok: true, text: 'Lead archived: it no longer shows in the inbox.', undo: () => void restore() } : { ok: false, text: r.error.message });
    await load(true);
  };

  const subject = `Re: ${lead.summary || `your ${leadKindNames[lead.kind].toLowerCase()}`}`;
  const mailto = lead.email ? `mailto:${lead.email}?subject=${encodeURIComponent(subject)}` : null;

  return (
    <AdminSection
      title={name}
      intro={<>{leadKindNames[lead.kind]} · received <time dateTime={lead.receivedAt}>{formatDate(lead.receivedAt)}</time> ({relativeTime(lead.receivedAt)})</>}
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

          {lead.kind === 'live' && conversationRef ? <LiveConversation conversationRef={conversationRef} changed={() => void load(true)} /> : null}

          {transcript ? (
            <section aria-labelledby="transcript-title" className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
              <h2 id="transcript-title" className="text-lg font-bold text-ink">Conversation</h2>
              <ol aria-label="Transcript" className="mt-4 space-y-3">
                {transcript.map((t, n) => ({ ...t, n })).map((t) => (
                  <li key={t.n} className={`max-w-[85%] rounded-2xl px-4 py-2 text-sm whitespace-pre-wrap break-words ${turnClass[t.from]}`}>
                    <span className={t.from === 'staff' ? 'block text-xs font-semibold' : 'sr-only'}>{turnAuthor(t)}</span>{t.text}
                  </li>
                ))}
              </ol>
            </section>
          ) : null}

          <Notes leadId={id} added={() => void load(true)} />
          <History activity={activity} />
        </div>

        <div className="space-y-6">
          <section aria-labelledby="work-title" className="space-y-4 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
            <h2 id="work-title" className="text-lg font-bold text-ink">Handling</h2>
            <p className="flex flex-wrap items-center gap-2 text-sm"><StatusBadge status={lead.status} /><DueBadge lead={lead} /></p>
            <label className="block text-sm font-semibold text-ink">
              Status
              <select className={`${field} mt-1 block w-full font-normal`} value={lead.status} onChange={(e) => void setStatus(e.target.value as LeadStatus)}>
                {LEAD_STATUSES.map((s) => <option key={s} value={s}>{leadStatusNames[s]}</option>)}
              </select>
            </label>
            <label className="block text-sm font-semibold text-ink">
              Assignee
              <select className={`${field} mt-1 block w-full font-normal`} value={lead.assigneeId ?? ''} onChange={(e) => void assign(e.target.value || null)}>
                <option value="">Nobody</option>
                {lead.assigneeId && !staff.some((s) => s.id === lead.assigneeId) ? <option value={lead.assigneeId}>{lead.assigneeName ?? lead.assigneeId}</option> : null}
                {staff.map((s) => <option key={s.id} value={s.id}>{s.name || s.email}{s.id === me ? ' (me)' : ''}</option>)}
              </select>
            </label>
            {lead.assigneeId !== me ? <button type="button" className={buttonClass.secondary} onClick={() => void assign('me')}>Assign to me</button> : null}
            {lead.firstResponseAt ? <p className="text-sm text-slate-600">First response <time dateTime={lead.firstResponseAt}>{formatDate(lead.firstResponseAt)}</time>.</p> : null}
            {mailto ? (
              <div className="space-y-2 border-t border-slate-100 pt-4">
                <a href={mailto} className={buttonClass.primary} onClick={() => lead.status === 'new' && setOfferContacted(true)}>Reply by e-mail</a>
                {offerContacted && lead.status === 'new' ? (
                  <fieldset className="rounded-lg bg-slate-50 p-3 text-sm ring-1 ring-slate-200">
                    <legend className="float-left">Did you send the reply?</legend>
                    <div className="clear-left flex flex-wrap gap-2 pt-2">
                      <button type="button" className={buttonClass.primary} onClick={() => void setStatus('contacted').then(() => setOfferContacted(false))}>Mark as Contacted</button>
                      <button type="button" className={buttonClass.secondary} onClick={() => setOfferContacted(false)}>Not yet</button>
                    </div>
                  </fieldset>
                ) : null}
              </div>
            ) : null}
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

function Notes({ leadId, added }: { leadId: string; added: () => void }) {
  const run = useStaffApi();
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
          setPending(true);
          const r = await run((init) => api.admin.leads[':id'].notes.$post({ param: { id: leadId }, json: { text } }, init));
          setPending(false);
          if (!r.ok) return setError(r.error.message);
          setError(null);
          setText('');
          added();
        }}
      >
        <label htmlFor={noteId} className="block text-sm font-semibold text-ink">Note</label>
        <textarea id={noteId} rows={3} maxLength={5000} value={text} onChange={(e) => setText(e.target.value)} className={`${field} block w-full`} placeholder="Only staff see notes." />
        {error ? <Note tone="error">{error}</Note> : null}
        <button type="submit" className={buttonClass.primary} disabled={pending}>{pending ? 'Adding…' : 'Add note'}</button>
      </form>
    </section>
  );
}

const activityText = (a: LeadActivity): string => {
  switch (a.type) {
    case 'received': return 'Received';
    case 'status': return `Status ${a.from ?? '?'} → ${a.to ?? '?'}`;
    case 'assign': return a.to ? `Assigned to ${a.to}` : `Unassigned${a.from ? ` (was ${a.from})` : ''}`;
    case 'note': return a.text ?? '';
    case 'reply': return `Replied${a.text ? `: ${a.text}` : ''}`;
    case 'delivery': return a.text ?? 'Delivery';
    case 'archive': return 'Archived';
    case 'restore': return 'Restored to the inbox';
    case 'erasure': return a.text ?? 'Erased';
  }
};

function History({ activity }: { activity: LeadActivity[] }) {
  return (
    <section aria-labelledby="history-title" className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
      <h2 id="history-title" className="text-lg font-bold text-ink">History</h2>
      <ol className="mt-3 space-y-3 border-l-2 border-slate-200 pl-4">
        {[...activity].reverse().map((a) => (
          <li key={a.id} className="text-sm">
            <p className={a.type === 'note' ? 'rounded-lg bg-amber-50 p-3 whitespace-pre-wrap break-words text-ink ring-1 ring-amber-200' : 'text-ink'}>{activityText(a)}</p>
            <p className="mt-0.5 text-slate-600">{a.type === 'note' ? 'Note by ' : ''}{a.actorName ?? (a.type === 'received' ? 'From the website' : 'Someone')} · <time dateTime={a.at}>{formatDate(a.at)}</time></p>
          </li>
        ))}
      </ol>
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
