import { useState } from 'react';
import { CHANNEL_DESCRIPTION_MAX, CHANNEL_NAME_MAX, type TeamChannel } from '../../../shared/admin/team.ts';
import { api } from '../../api/client.ts';
import { buttonClass, Note } from '../../ui/kit.tsx';
import { Input, Textarea } from '../../ui/controls.tsx';
import { ConfirmDialog, type Confirmation } from '../team/ConfirmDialog.tsx';
import { useStaffApi } from '../useStaffApi.ts';

/** The admin's controls of one channel: rename, describe, archive or restore, delete. */
export function ChannelAdmin({ channel, onChanged, onDeleted }: { channel: TeamChannel; onChanged: () => void; onDeleted: () => void }) {
  const run = useStaffApi();
  const [editing, setEditing] = useState<'name' | 'description' | null>(null);
  const [name, setName] = useState(channel.name);
  const [description, setDescription] = useState(channel.description);
  const [error, setError] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);

  const change = async (json: { name?: string; description?: string; archived?: boolean }) => {
    const r = await run((init) => api.admin.channels[':channelId'].$patch({ param: { channelId: channel.id }, json }, init));
    if (!r.ok) return setError(r.error.fields?.name ?? r.error.fields?.description ?? r.error.message);
    setError(null);
    setEditing(null);
    onChanged();
  };
  const toggle = (what: 'name' | 'description') => {
    setEditing((now) => (now === what ? null : what));
    // Start from what the channel holds now (a colleague may have changed it meanwhile).
    setName(channel.name);
    setDescription(channel.description);
    setError(null);
  };
  const remove = async () => {
    const r = await run((init) => api.admin.channels[':channelId'].$delete({ param: { channelId: channel.id } }, init));
    if (!r.ok) return setError(r.error.message);
    onDeleted();
  };

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClass.secondary} onClick={() => toggle('name')} aria-expanded={editing === 'name'}>Rename channel</button>
        <button type="button" className={buttonClass.secondary} onClick={() => toggle('description')} aria-expanded={editing === 'description'}>Edit description</button>
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
      {editing === 'description' && (
        <form onSubmit={(e) => { e.preventDefault(); void change({ description }); }} className="space-y-2">
          <div>
            <label htmlFor={`describe-${channel.id}`} className="block text-sm font-semibold text-ink">Channel description</label>
            <Textarea
              size="sm"
              id={`describe-${channel.id}`}
              // biome-ignore lint/a11y/noAutofocus: the field the button was pressed for
              autoFocus
              rows={3}
              value={description}
              maxLength={CHANNEL_DESCRIPTION_MAX}
              onChange={(e) => setDescription(e.target.value)}
              aria-describedby={`describe-hint-${channel.id}`}
              className="mt-1 block w-full"
            />
            <p id={`describe-hint-${channel.id}`} className="mt-1 text-xs text-slate-600">What the channel is for; everyone sees it under the name. Leave it empty for none.</p>
          </div>
          <button type="submit" className={buttonClass.primary}>Save description</button>
        </form>
      )}
      {editing === 'name' && (
        <form onSubmit={(e) => { e.preventDefault(); void change({ name }); }} className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor={`rename-${channel.id}`} className="block text-sm font-semibold text-ink">New name</label>
            <Input size="sm" id={`rename-${channel.id}`} value={name} maxLength={CHANNEL_NAME_MAX} onChange={(e) => setName(e.target.value)} className="mt-1 block" />
          </div>
          <button type="submit" className={buttonClass.primary}>Save name</button>
        </form>
      )}
      {error && <Note tone="error">{error}</Note>}
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </div>
  );
}
