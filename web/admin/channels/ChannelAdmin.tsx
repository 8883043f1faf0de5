import { useState } from 'react';
import { CHANNEL_NAME_MAX, type TeamChannel } from '../../../shared/admin/team.ts';
import { api } from '../../api/client.ts';
import { buttonClass, Note } from '../../dashboard/ui.tsx';
import { ConfirmDialog, type Confirmation } from '../team/ConfirmDialog.tsx';
import { useStaffApi } from '../useStaffApi.ts';

/** The admin's controls of one channel: rename, archive or restore, delete. */
export function ChannelAdmin({ channel, onChanged, onDeleted }: { channel: TeamChannel; onChanged: () => void; onDeleted: () => void }) {
  const run = useStaffApi();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(channel.name);
  const [error, setError] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);

  const change = async (json: { name?: string; archived?: boolean }) => {
    const r = await run((init) => api.admin.channels[':channelId'].$patch({ param: { channelId: channel.id }, json }, init));
    if (!r.ok) return setError(r.error.fields?.name ?? r.error.message);
    setError(null);
    setRenaming(false);
    onChanged();
  };
  const remove = async () => {
    const r = await run((init) => api.admin.channels[':channelId'].$delete({ param: { channelId: channel.id } }, init));
    if (!r.ok) return setError(r.error.message);
    onDeleted();
  };

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClass.secondary} onClick={() => setRenaming((v) => !v)} aria-expanded={renaming}>Rename channel</button>
        <button type="button" className={buttonClass.secondary} onClick={() => void change({ archived: !channel.archived })}>
          {channel.archived ? 'Restore channel' : 'Archive channel'}
        </button>
        <button
          type="button"
          className={buttonClass.danger}
          onClick={() => setConfirmation({
            title: `Delete #${channel.name}?`,
            body: 'The channel and every message in it are deleted for everyone. Archiving keeps them readable instead.',
            confirm: 'Delete channel',
            danger: true,
            onConfirm: () => void remove(),
          })}
        >
          Delete channel
        </button>
      </div>
      {renaming && (
        <form onSubmit={(e) => { e.preventDefault(); void change({ name }); }} className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor={`rename-${channel.id}`} className="block text-sm font-semibold text-ink">New name</label>
            <input id={`rename-${channel.id}`} value={name} maxLength={CHANNEL_NAME_MAX} onChange={(e) => setName(e.target.value)} className="mt-1 block rounded-lg border border-slate-300 px-3 py-2 text-sm" />
          </div>
          <button type="submit" className={buttonClass.primary}>Save name</button>
        </form>
      )}
      {error && <Note tone="error">{error}</Note>}
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </div>
  );
}
