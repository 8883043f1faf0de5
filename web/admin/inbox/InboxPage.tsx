import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { LEAD_STATUSES, leadKindNames, leadStatusNames, type LeadStatus } from '../../../shared/admin/leads.ts';
import {
  LEAD_SORTS, leadSortNames, parseView, viewParams,
  type LeadCountsResponse, type LeadRow, type LeadView, type StaffMember,
} from '../../../shared/admin/leadView.ts';
import { submissionKinds } from '../../../shared/appwrite/schema.ts';
import { api } from '../../api/client.ts';
import { useAuth } from '../../auth/AuthContext.tsx';
import { useAppwriteConfig } from '../../auth/forms.ts';
import { Spinner } from '../../components/Spinner.tsx';
import { buttonClass, formatDate, Note } from '../../ui/kit.tsx';
import { Input, Select } from '../../ui/controls.tsx';
import { AdminSection } from '../AdminSection.tsx';
import { adminKeys } from '../queryKeys.ts';
import { useStaffApi } from '../useStaffApi.ts';
import { useStaffQuery } from '../useStaffQuery.ts';
import { useStaffList } from './useStaffList.ts';
import { downloadCsv } from './exportCsv.ts';
import { RepliedBadge } from './MailIn.tsx';
import { dueBadge, dueTone, relativeTime } from './format.ts';
import { Overview } from './Overview.tsx';
import { useInboxRealtime } from './useInboxRealtime.ts';
import { LanguageBadge } from './LanguageBadge.tsx';

// /admin: the staff inbox (docs/product.md "Admin area"). One list of every lead, a page at a time from
// the Worker (the view — filters, search, sort — lives in the URL), counts per status, bulk actions, CSV
// export, and live updates from Appwrite Realtime.

const PAGE = 25;

export default function InboxPage() {
  const auth = useAuth();
  const config = useAppwriteConfig();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parseView(params), [params]);
  const query = useMemo(() => viewParams(view), [view]);
  const key = JSON.stringify(query);

  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors[cursors.length - 1];
  const staff = useStaffList();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [fresh, setFresh] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const arrivedWith = (useLocation().state as { notice?: string } | null)?.notice;
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(arrivedWith ? { ok: true, text: arrivedWith } : null);
  const [search, setSearch] = useState(view.q ?? '');

  // A new view starts at its first page with nothing selected (reset while rendering, React's way of
  // deriving state from a changed input).
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    setShownKey(key);
    setCursors([]);
    setSelected(new Set());
    setSearch(view.q ?? '');
  }

  // Keyed by the view and the page: what shows is always the answer to the view in the URL, whatever order
  // the answers come back in. The counts keep the previous view's figures until the new ones arrive.
  const list = useStaffQuery(adminKeys.list(query, cursor), (init) => api.admin.leads.$get({ query: { ...query, limit: String(PAGE), ...(cursor ? { cursor } : {}) } }, init));
  const counts = useStaffQuery(adminKeys.counts(query), (init) => api.admin.leads.counts.$get({ query }, init), { placeholderData: keepPreviousData }).data ?? null;
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.leads });

  // Live: refresh quietly (a burst of events is one refresh), count new leads in the title.
  const reload = useRef<ReturnType<typeof setTimeout> | null>(null);
  useInboxRealtime((event) => {
    if (event.collection === 'inquiries' && event.action === 'create') {
      setFresh((n) => n + 1);
      const who = typeof event.payload.name === 'string' && event.payload.name ? event.payload.name : 'a visitor';
      const kind = typeof event.payload.kind === 'string' && event.payload.kind in leadKindNames ? leadKindNames[event.payload.kind as keyof typeof leadKindNames] : 'request';
      setAnnouncement(`New lead: ${kind} from ${who}.`);
    } else if (event.collection === 'inquiries') {
      setAnnouncement('A lead was updated.');
    }
    if (reload.current) clearTimeout(reload.current);
    reload.current = setTimeout(() => void refresh(), 250);
  });
  useEffect(() => () => {
    if (reload.current) clearTimeout(reload.current);
  }, []);

  useEffect(() => {
    const base = document.title.replace(/^\(\d+ new\) /, '');
    document.title = fresh ? `(${fresh} new) ${base}` : base;
  }, [fresh]);
  useEffect(() => () => {
    document.title = document.title.replace(/^\(\d+ new\) /, '');
  }, []);

  const setView = (change: Partial<LeadView>) => {
    const next = viewParams({ ...view, ...change });
    setParams(next);
  };

  const rows = list.data?.leads ?? [];
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const toggle = (id: string) => setSelected((s) => {
    const next = new Set(s);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  });

  const me = auth.status === 'signed-in' ? auth.user.$id : '';
  const detailSearch = new URLSearchParams(query).toString();
  const leadHref = (id: string) => `/admin/leads/${id}${detailSearch ? `?${detailSearch}` : ''}`;

  const exportView = async () => {
    if (!config || !me) return;
    const out = await downloadCsv(config, me, view);
    setNotice(out.ok ? { ok: true, text: 'The CSV file of this view is downloading.' } : { ok: false, text: out.message });
  };

  return (
    <AdminSection
      title="Inbox"
      intro={auth.status === 'signed-in' ? <>Every request visitors sent, newest first · signed in as <span className="font-semibold break-all text-ink">{auth.user.email}</span> ({auth.role === 'admin' ? 'Admin' : 'Moderator'})</> : null}
      actions={<button type="button" className={buttonClass.secondary} onClick={() => void exportView()}>Export CSV</button>}
    >
      <div aria-live="polite" role="status" className="sr-only">{announcement}</div>
      {notice ? <Note tone={notice.ok ? 'ok' : 'error'}>{notice.text}</Note> : null}
      {fresh ? (
        <p className="flex flex-wrap items-center gap-3 rounded-lg bg-brand-50 p-3 text-sm text-brand-900 ring-1 ring-brand-200">
          {fresh === 1 ? '1 new lead arrived' : `${fresh} new leads arrived`} while this page was open.
          <button type="button" className="font-semibold underline" onClick={() => setFresh(0)}>Mark as seen</button>
        </p>
      ) : null}

      <Filters view={view} staff={staff} me={me} search={search} setSearch={setSearch} setView={setView} counts={counts} />
      <StatusCounts counts={counts} active={view.status} setStatus={(status) => setView({ status })} />

      {selected.size ? <BulkBar ids={[...selected]} staff={staff} done={(text, ok) => {
        setNotice({ ok, text });
        setSelected(new Set());
        void refresh();
      }} /> : null}

      {list.isPending || (list.isError && list.isFetching) ? (
        <div className="flex justify-center py-12"><Spinner size="lg" label="Loading leads" /></div>
      ) : list.isError ? (
        <div role="alert" className="space-y-3 rounded-xl bg-red-50 p-5 text-red-900 ring-1 ring-red-200">
          <p className="font-semibold">The inbox could not be loaded.</p>
          <p className="text-sm">{list.error.message}</p>
          <button type="button" className={buttonClass.secondary} onClick={() => void list.refetch()}>Try again</button>
        </div>
      ) : rows.length === 0 ? (
        <p className="rounded-xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">
          {Object.keys(query).length ? 'No lead matches this view.' : 'No leads yet. New requests appear here as they arrive.'}
        </p>
      ) : list.data ? (
        <div className="space-y-3">
          <LeadTable rows={rows} selected={selected} toggle={toggle} allSelected={allSelected} toggleAll={() => setSelected(allSelected ? new Set() : new Set(rows.map((r) => r.id)))} href={leadHref} />
          <LeadCards rows={rows} selected={selected} toggle={toggle} href={leadHref} />
          <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
            <span>{list.data.total === 1 ? '1 lead' : `${list.data.total} leads`} in this view</span>
            <span className="flex gap-2">
              <button type="button" className={buttonClass.secondary} disabled={!cursors.length} onClick={() => setCursors((c) => c.slice(0, -1))}>Previous page</button>
              <button type="button" className={buttonClass.secondary} disabled={!list.data.nextCursor} onClick={() => list.data.nextCursor && setCursors((c) => [...c, list.data.nextCursor ?? ''])}>Next page</button>
            </span>
          </nav>
        </div>
      ) : null}

      <Overview />
    </AdminSection>
  );
}

function Filters({ view, staff, me, search, setSearch, setView, counts }: {
  view: LeadView; staff: StaffMember[]; me: string; search: string; setSearch: (q: string) => void; setView: (v: Partial<LeadView>) => void; counts: LeadCountsResponse | null;
}) {
  return (
    <form
      aria-label="Filter leads"
      className="grid gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-4"
      onSubmit={(e) => {
        e.preventDefault();
        setView({ q: search.trim() || undefined });
      }}
    >
      <div className="flex gap-2 sm:col-span-2">
        <Input size="sm" type="search" aria-label="Search leads" placeholder="Name, e-mail, company or words" value={search} onChange={(e) => setSearch(e.target.value)} className="w-full" maxLength={100} />
        <button type="submit" className={buttonClass.primary}>Search</button>
      </div>
      <Select size="sm" aria-label="Filter by status" value={view.status ?? ''} onChange={(e) => setView({ status: (e.target.value || undefined) as LeadStatus | undefined })}>
        <option value="">Any status</option>
        {LEAD_STATUSES.map((s) => <option key={s} value={s}>{leadStatusNames[s]}{counts ? ` (${counts.counts[s]})` : ''}</option>)}
      </Select>
      <Select size="sm" aria-label="Filter by kind" value={view.kind ?? ''} onChange={(e) => setView({ kind: (e.target.value || undefined) as LeadView['kind'] })}>
        <option value="">Every kind</option>
        {submissionKinds.map((k) => <option key={k} value={k}>{leadKindNames[k]}</option>)}
      </Select>
      <Select size="sm" aria-label="Filter by assignee" value={view.assignee ?? 'anyone'} onChange={(e) => setView({ assignee: e.target.value })}>
        <option value="anyone">Assigned to anyone</option>
        <option value="unassigned">Unassigned</option>
        <option value="me">Assigned to me</option>
        {staff.filter((s) => s.id !== me).map((s) => <option key={s.id} value={s.id}>{s.name || s.email}</option>)}
      </Select>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <span className="whitespace-nowrap">Received from</span>
        <Input size="sm" type="date" className="w-full" value={view.from ?? ''} onChange={(e) => setView({ from: e.target.value || undefined })} />
      </label>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <span className="whitespace-nowrap">to</span>
        <Input size="sm" type="date" aria-label="Received to" className="w-full" value={view.to ?? ''} onChange={(e) => setView({ to: e.target.value || undefined })} />
      </label>
      <Select size="sm" aria-label="Sort" value={view.sort ?? 'newest'} onChange={(e) => setView({ sort: e.target.value as LeadView['sort'] })}>
        {LEAD_SORTS.map((s) => <option key={s} value={s}>{leadSortNames[s]}</option>)}
      </Select>
    </form>
  );
}

function StatusCounts({ counts, active, setStatus }: { counts: LeadCountsResponse | null; active?: LeadStatus; setStatus: (s: LeadStatus | undefined) => void }) {
  if (!counts) return null;
  return (
    <ul aria-label="Leads per status" className="flex flex-wrap gap-2">
      {LEAD_STATUSES.map((s) => (
        <li key={s}>
          <button
            type="button"
            aria-pressed={active === s}
            onClick={() => setStatus(active === s ? undefined : s)}
            className={`inline-flex min-h-11 items-center gap-2 rounded-full px-3 text-sm ring-1 ${active === s ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'}`}
          >
            {leadStatusNames[s]} <span className="font-bold">{counts.counts[s]}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

export function DueBadge({ lead }: { lead: Pick<LeadRow, 'status' | 'receivedAt' | 'dueAt' | 'firstResponseAt'> }) {
  const badge = dueBadge(lead);
  if (!badge) return <span className="text-slate-500">Answered</span>;
  return <span title={`Reply due ${formatDate(lead.dueAt)}`} className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${dueTone[badge.tone]}`}>{badge.text}</span>;
}

export const statusTone: Record<LeadStatus, string> = {
  new: 'bg-brand-50 text-brand-800 ring-brand-200',
  contacted: 'bg-sky-50 text-sky-800 ring-sky-200',
  qualified: 'bg-indigo-50 text-indigo-800 ring-indigo-200',
  proposal_sent: 'bg-violet-50 text-violet-800 ring-violet-200',
  won: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  lost: 'bg-slate-100 text-slate-700 ring-slate-300',
  spam: 'bg-red-50 text-red-800 ring-red-200',
};

export function StatusBadge({ status }: { status: LeadStatus }) {
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${statusTone[status]}`}>{leadStatusNames[status]}</span>;
}

const who = (r: LeadRow) => r.name || r.email || 'Unnamed visitor';

function LeadTable({ rows, selected, toggle, allSelected, toggleAll, href }: {
  rows: LeadRow[]; selected: Set<string>; toggle: (id: string) => void; allSelected: boolean; toggleAll: () => void; href: (id: string) => string;
}) {
  return (
    <div className="hidden overflow-x-auto rounded-xl bg-white ring-1 ring-slate-200 md:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Leads</caption>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="p-3"><input type="checkbox" aria-label="Select every lead on this page" checked={allSelected} onChange={toggleAll} className="h-5 w-5" /></th>
            <th scope="col" className="p-3">Name</th>
            <th scope="col" className="p-3">E-mail</th>
            <th scope="col" className="p-3">Kind</th>
            <th scope="col" className="p-3">Summary</th>
            <th scope="col" className="p-3">Received</th>
            <th scope="col" className="p-3">Status</th>
            <th scope="col" className="p-3">Assignee</th>
            <th scope="col" className="p-3">Reply due</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r) => (
            <tr key={r.id} className={selected.has(r.id) ? 'bg-brand-50/50' : 'hover:bg-slate-50'}>
              <td className="p-3"><input type="checkbox" aria-label={`Select ${who(r)}`} checked={selected.has(r.id)} onChange={() => toggle(r.id)} className="h-5 w-5" /></td>
              <td className="p-3 font-semibold"><Link to={href(r.id)} className="text-brand-700 underline-offset-2 hover:underline">{who(r)}</Link><LanguageBadge lead={r} /></td>
              <td className="p-3 break-all text-slate-700">{r.email}</td>
              <td className="p-3 whitespace-nowrap text-slate-700">{leadKindNames[r.kind]}</td>
              <td className="max-w-xs truncate p-3 text-slate-700" title={r.summary}>{r.summary}</td>
              <td className="p-3 whitespace-nowrap text-slate-700"><time dateTime={r.receivedAt} title={formatDate(r.receivedAt)}>{relativeTime(r.receivedAt)}</time></td>
              <td className="p-3"><span className="flex flex-wrap gap-1"><StatusBadge status={r.status} /><RepliedBadge lead={r} /></span></td>
              <td className="p-3 text-slate-700">{r.assigneeName ?? <span className="text-slate-500">Nobody</span>}</td>
              <td className="p-3"><DueBadge lead={r} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LeadCards({ rows, selected, toggle, href }: { rows: LeadRow[]; selected: Set<string>; toggle: (id: string) => void; href: (id: string) => string }) {
  return (
    <ul aria-label="Leads" className="space-y-3 md:hidden">
      {rows.map((r) => (
        <li key={r.id} className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
          <div className="flex items-start gap-3">
            <input type="checkbox" aria-label={`Select ${who(r)}`} checked={selected.has(r.id)} onChange={() => toggle(r.id)} className="mt-1 h-5 w-5 shrink-0" />
            <div className="min-w-0 flex-1 space-y-1">
              <Link to={href(r.id)} className="font-semibold break-words text-brand-700">{who(r)}</Link>
              <p className="text-sm break-all text-slate-600">{r.email}</p>
              <p className="text-sm text-slate-700">{leadKindNames[r.kind]} · <time dateTime={r.receivedAt}>{relativeTime(r.receivedAt)}</time></p>
              <p className="text-sm break-words text-slate-700">{r.summary}</p>
              <p className="flex flex-wrap items-center gap-2 pt-1 text-sm"><StatusBadge status={r.status} /><RepliedBadge lead={r} /><DueBadge lead={r} /><span className="text-slate-600">{r.assigneeName ?? 'Unassigned'}</span></p>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

function BulkBar({ ids, staff, done }: { ids: string[]; staff: StaffMember[]; done: (text: string, ok: boolean) => void }) {
  const run = useStaffApi();
  const [action, setAction] = useState('');
  const [pending, setPending] = useState(false);
  const apply = async () => {
    if (!action) return;
    const [type, value] = action.split(':');
    const body = type === 'status' ? { type: 'status' as const, status: value as LeadStatus }
      : type === 'assign' ? { type: 'assign' as const, assigneeId: value === 'none' ? null : (value ?? null) }
        : { type: 'spam' as const };
    setPending(true);
    const out = await run((init) => api.admin.leads.bulk.$post({ json: { ids, action: body } }, init));
    setPending(false);
    setAction('');
    if (!out.ok) return done(out.error.message, false);
    const n = out.data.updated.length;
    done(`${n === 1 ? '1 lead' : `${n} leads`} changed${out.data.failed.length ? `; ${out.data.failed.length} could not be changed` : ''}.`, out.data.failed.length === 0);
  };
  return (
    <fieldset className="flex flex-wrap items-center gap-3 rounded-xl bg-brand-50 p-3 ring-1 ring-brand-200">
      <legend className="sr-only">Bulk actions</legend>
      <span className="text-sm font-semibold text-brand-900">{ids.length === 1 ? '1 lead selected' : `${ids.length} leads selected`}</span>
      <Select size="sm" aria-label="Action for the selected leads" value={action} onChange={(e) => setAction(e.target.value)}>
        <option value="">Choose an action…</option>
        <option value="spam">Mark as spam</option>
        <optgroup label="Set status">
          {LEAD_STATUSES.map((s) => <option key={s} value={`status:${s}`}>Set status: {leadStatusNames[s]}</option>)}
        </optgroup>
        <optgroup label="Assign">
          <option value="assign:me">Assign to me</option>
          {staff.map((s) => <option key={s.id} value={`assign:${s.id}`}>Assign to {s.name || s.email}</option>)}
          <option value="assign:none">Assign to nobody</option>
        </optgroup>
      </Select>
      <button type="button" className={buttonClass.primary} disabled={!action || pending} onClick={() => void apply()}>{pending ? 'Applying…' : 'Apply to selected'}</button>
    </fieldset>
  );
}
