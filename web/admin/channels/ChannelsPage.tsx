import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { NavLink, Route, Routes, useNavigate, useParams } from 'react-router-dom';
import { can } from '../../../shared/admin/permissions.ts';
import { CHANNEL_DESCRIPTION_MAX, CHANNEL_NAME_MAX, type TeamChannel } from '../../../shared/admin/team.ts';
import { api } from '../../api/client.ts';
import { useAuth } from '../../auth/AuthContext.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { buttonClass, Note } from '../../ui/kit.tsx';
import { Input, Textarea } from '../../ui/controls.tsx';
import { AdminSection } from '../AdminSection.tsx';
import { adminKeys } from '../queryKeys.ts';
import { useStaffApi } from '../useStaffApi.ts';
import { useStaffQuery } from '../useStaffQuery.ts';
import { ChannelView } from './ChannelView.tsx';
import { useTeamRealtime } from './realtime.ts';

// /admin/channels[/:channelId]: the team's channels (docs/product.md, "Admin area"). Staff read and post;
// admins also create, rename, describe, archive and delete channels. The Worker decides (functions/admin/channels.ts);
// the page shows only the controls the viewer's role may use.

export default function ChannelsPage() {
  return (
    <Routes>
      <Route index element={<Channels />} />
      <Route path=":channelId" element={<Channels />} />
    </Routes>
  );
}

function Channels() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { channelId } = useParams();
  const list = useStaffQuery(adminKeys.channels, (init) => api.admin.channels.$get(undefined, init));
  const channels = list.data?.channels ?? null;
  const error = list.error?.message ?? null;
  const role = auth.status === 'signed-in' ? auth.role : null;
  const manage = can(role, 'channel.manage');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminKeys.channels });

  // A channel made, renamed or removed by someone else shows up without a reload.
  useTeamRealtime('channels', refresh);

  const active = channels?.filter((c) => !c.archived) ?? [];
  const archived = channels?.filter((c) => c.archived) ?? [];
  const current = channels?.find((c) => c.id === channelId) ?? (channelId ? undefined : active[0]);

  return (
    <AdminSection title="Channels" intro="Team conversations: what came in, who is on it, what the client said on the phone.">
      {error && <Note tone="error">{error}</Note>}
      {!channels && !error ? (
        <div className="flex justify-center py-10"><Spinner size="md" label="Loading channels" /></div>
      ) : channels ? (
        <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
          <aside className="space-y-4">
            <nav aria-label="Channels" className="rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
              <ChannelLinks channels={active} />
              {archived.length > 0 && (
                <>
                  <h2 className="mt-4 px-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">Archived</h2>
                  <ChannelLinks channels={archived} />
                </>
              )}
            </nav>
            {manage && <NewChannel onCreated={(c) => { refresh(); navigate(`/admin/channels/${c.id}`); }} />}
          </aside>
          {current ? (
            <ChannelView key={current.id} channel={current} onChannelChanged={refresh} onChannelDeleted={() => { refresh(); navigate('/admin/channels'); }} />
          ) : (
            <Note>{channelId ? 'There is no such channel any more.' : 'There are no channels yet.'}</Note>
          )}
        </div>
      ) : null}
    </AdminSection>
  );
}

function ChannelLinks({ channels }: { channels: TeamChannel[] }) {
  return (
    <ul className="space-y-1">
      {channels.map((c) => (
        <li key={c.id}>
          <NavLink
            to={`/admin/channels/${c.id}`}
            className={({ isActive }) => `flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold break-all ${isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-50'}`}
          >
            <span aria-hidden="true" className="mr-1 text-slate-500">#</span>{c.name}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function NewChannel({ onCreated }: { onCreated: (c: TeamChannel) => void }) {
  const run = useStaffApi();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const r = await run((init) => api.admin.channels.$post({ json: { name, description } }, init));
    setBusy(false);
    if (!r.ok) return setError(r.error.fields?.name ?? r.error.fields?.description ?? r.error.message);
    setName('');
    setDescription('');
    setError(null);
    setOpen(false);
    onCreated(r.data);
  }

  if (!open) return <button type="button" className={`${buttonClass.secondary} w-full`} onClick={() => setOpen(true)}>New channel</button>;
  return (
    <form onSubmit={submit} aria-label="New channel" className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div>
        <label htmlFor="new-channel-name" className="block text-sm font-semibold text-ink">Channel name</label>
        <Input
          size="sm"
          id="new-channel-name"
          // biome-ignore lint/a11y/noAutofocus: the field the button was pressed for
          autoFocus
          value={name}
          maxLength={CHANNEL_NAME_MAX}
          onChange={(e) => setName(e.target.value)}
          invalid={Boolean(error)}
          aria-describedby={error ? 'new-channel-error' : 'new-channel-hint'}
          className="mt-1 block w-full"
        />
        {error
          ? <p id="new-channel-error" className="mt-1 text-sm text-red-700">{error}</p>
          : <p id="new-channel-hint" className="mt-1 text-xs text-slate-600">Lower case, words joined by hyphens: "Sales leads" becomes #sales-leads.</p>}
      </div>
      <div>
        <label htmlFor="new-channel-description" className="block text-sm font-semibold text-ink">Description <span className="font-normal text-slate-600">(optional)</span></label>
        <Textarea
          size="sm"
          id="new-channel-description"
          rows={2}
          value={description}
          maxLength={CHANNEL_DESCRIPTION_MAX}
          onChange={(e) => setDescription(e.target.value)}
          className="mt-1 block w-full"
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass.primary} disabled={busy}>Create channel</button>
        <button type="button" className={buttonClass.secondary} onClick={() => { setOpen(false); setError(null); }}>Cancel</button>
      </div>
    </form>
  );
}
