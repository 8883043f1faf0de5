import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { can } from '../../../shared/admin/permissions.ts';
import { SAVED_REPLY_BODY_MAX, SAVED_REPLY_TITLE_MAX, SAVED_REPLY_VARIABLES, type SavedReply } from '../../../shared/admin/savedReplies.ts';
import { api, type ApiOutcome } from '../../api/client.ts';
import { useAuth } from '../../auth/AuthContext.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { buttonClass, formatDate, Note } from '../../ui/kit.tsx';
import { Input, Textarea } from '../../ui/controls.tsx';
import { AdminSection } from '../AdminSection.tsx';
import { ConfirmDialog, type Confirmation } from '../team/ConfirmDialog.tsx';
import { adminKeys } from '../queryKeys.ts';
import { useStaffApi } from '../useStaffApi.ts';
import { useStaffQuery } from '../useStaffQuery.ts';

// /admin/saved-replies: admins write the replies staff insert in a lead's e-mail composer
// (shared/admin/savedReplies.ts). The Worker refuses a body with an unknown {{variable}}, naming it; the
// form shows that next to the field. A reply may have a French version, inserted for French leads; the
// page itself stays English (docs/decisions/0032).

type Fields = { title: string; body: string; bodyFr: string };
type Outcome = { ok: true } | { ok: false; message: string; fields?: Record<string, string> };

function ReplyForm({ initial, submitLabel, save, cancel }: { initial: Fields; submitLabel: string; save: (f: Fields) => Promise<Outcome>; cancel?: () => void }) {
  const id = useId();
  const [fields, setFields] = useState(initial);
  const [error, setError] = useState<{ message: string; fields?: Record<string, string> } | null>(null);
  const [pending, setPending] = useState(false);
  const fieldError = (name: keyof Fields) => error?.fields?.[name];
  return (
    <form
      className="space-y-3"
      onSubmit={async (e) => {
        e.preventDefault();
        setPending(true);
        const out = await save(fields);
        setPending(false);
        if (!out.ok) return setError(out);
        setError(null);
        if (!cancel) setFields(initial);
      }}
    >
      <div>
        <label htmlFor={`${id}-title`} className="block text-sm font-semibold text-ink">Title</label>
        <Input id={`${id}-title`} size="sm" className="mt-1 block w-full" maxLength={SAVED_REPLY_TITLE_MAX} value={fields.title} invalid={!!fieldError('title')}
          aria-describedby={fieldError('title') ? `${id}-title-error` : undefined} onChange={(e) => setFields({ ...fields, title: e.target.value })} />
        {fieldError('title') ? <p id={`${id}-title-error`} className="mt-1 text-sm text-red-700">{fieldError('title')}</p> : null}
      </div>
      <div>
        <label htmlFor={`${id}-body`} className="block text-sm font-semibold text-ink">Reply text</label>
        <Textarea id={`${id}-body`} size="sm" rows={7} className="mt-1 block w-full" maxLength={SAVED_REPLY_BODY_MAX} value={fields.body} invalid={!!fieldError('body')}
          aria-describedby={`${id}-help${fieldError('body') ? ` ${id}-body-error` : ''}`} onChange={(e) => setFields({ ...fields, body: e.target.value })} />
        <p id={`${id}-help`} className="mt-1 text-sm text-slate-600">Variables: {SAVED_REPLY_VARIABLES.map((v) => `{{${v}}}`).join(', ')}.</p>
        {fieldError('body') ? <p id={`${id}-body-error`} className="mt-1 text-sm text-red-700">{fieldError('body')}</p> : null}
      </div>
      <div>
        <label htmlFor={`${id}-fr`} className="block text-sm font-semibold text-ink">French version (optional)</label>
        <Textarea id={`${id}-fr`} lang="fr" size="sm" rows={7} className="mt-1 block w-full" maxLength={SAVED_REPLY_BODY_MAX} value={fields.bodyFr} invalid={!!fieldError('bodyFr')}
          aria-describedby={`${id}-fr-help${fieldError('bodyFr') ? ` ${id}-fr-error` : ''}`} onChange={(e) => setFields({ ...fields, bodyFr: e.target.value })} />
        <p id={`${id}-fr-help`} className="mt-1 text-sm text-slate-600">Inserted instead of the reply text for a lead marked French; the same variables. Leave it empty and French leads get the English.</p>
        {fieldError('bodyFr') ? <p id={`${id}-fr-error`} className="mt-1 text-sm text-red-700">{fieldError('bodyFr')}</p> : null}
      </div>
      {error && !error.fields ? <Note tone="error">{error.message}</Note> : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass.primary} disabled={pending}>{pending ? 'Saving…' : submitLabel}</button>
        {cancel ? <button type="button" className={buttonClass.secondary} onClick={cancel}>Cancel</button> : null}
      </div>
    </form>
  );
}

export default function SavedRepliesPage() {
  const auth = useAuth();
  const run = useStaffApi();
  const queryClient = useQueryClient();
  const manage = can(auth.status === 'signed-in' ? auth.role : null, 'reply.manage');
  const replies = useStaffQuery(adminKeys.savedReplies, (init) => api.admin['saved-replies'].$get({}, init), { enabled: manage });
  const [editing, setEditing] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.savedReplies });

  if (!manage) {
    return <AdminSection title="Saved replies"><Note tone="warn">Only an admin manages saved replies. You can insert them in a lead's e-mail reply.</Note></AdminSection>;
  }

  const outcome = async (r: ApiOutcome<SavedReply>, done: string): Promise<Outcome> => {
    if (!r.ok) return { ok: false, message: r.error.message, ...(r.error.fields ? { fields: r.error.fields } : {}) };
    setNotice(done);
    await refresh();
    return { ok: true };
  };
  const create = async (f: Fields) => outcome(await run((init) => api.admin['saved-replies'].$post({ json: f }, init)), `Saved "${f.title.trim()}".`);
  const update = (reply: SavedReply) => async (f: Fields) => {
    const out = await outcome(await run((init) => api.admin['saved-replies'][':replyId'].$patch({ param: { replyId: reply.id }, json: f }, init)), `Changed "${f.title.trim()}".`);
    if (out.ok) setEditing(null);
    return out;
  };
  const remove = async (reply: SavedReply) => {
    const r = await run((init) => api.admin['saved-replies'][':replyId'].$delete({ param: { replyId: reply.id } }, init));
    if (!r.ok) return setFailure(r.error.message);
    setFailure(null);
    setNotice(`Deleted "${reply.title}".`);
    await refresh();
  };

  const list = replies.data?.replies;
  return (
    <AdminSection title="Saved replies" intro="Replies staff insert in a lead's e-mail with Insert saved reply. Variables are filled in from the lead before sending.">
      {notice ? <Note tone="ok">{notice}</Note> : null}
      {failure ?? replies.error?.message ? <Note tone="error">{failure ?? replies.error?.message}</Note> : null}
      <section aria-labelledby="new-reply-title" className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
        <h2 id="new-reply-title" className="text-lg font-bold text-ink">New saved reply</h2>
        <div className="mt-3"><ReplyForm initial={{ title: '', body: '', bodyFr: '' }} submitLabel="Save reply" save={create} /></div>
      </section>
      <section aria-labelledby="replies-title" className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
        <h2 id="replies-title" className="text-lg font-bold text-ink">All saved replies</h2>
        {!list ? (
          replies.isPending ? <div className="flex justify-center py-6"><Spinner size="md" label="Loading saved replies" /></div> : null
        ) : list.length === 0 ? <p className="mt-2 text-slate-600">None yet.</p> : (
          <ul className="mt-3 divide-y divide-slate-100">
            {list.map((r) => (
              <li key={r.id} className="py-4">
                {editing === r.id ? (
                  <ReplyForm initial={{ title: r.title, body: r.body, bodyFr: r.bodyFr ?? '' }} submitLabel="Save changes" save={update(r)} cancel={() => setEditing(null)} />
                ) : (
                  <>
                    <h3 className="font-semibold text-ink">{r.title}</h3>
                    <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-700">{r.body}</p>
                    {r.bodyFr ? (
                      <>
                        <h4 className="mt-2 text-xs font-semibold text-ink">French version</h4>
                        <p lang="fr" className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-700">{r.bodyFr}</p>
                      </>
                    ) : null}
                    {r.updatedAt ? <p className="mt-1 text-xs text-slate-600">Changed <time dateTime={r.updatedAt}>{formatDate(r.updatedAt)}</time></p> : null}
                    <div className="mt-2 flex flex-wrap gap-2">
                      <button type="button" className={buttonClass.secondary} aria-label={`Edit ${r.title}`} onClick={() => setEditing(r.id)}>Edit</button>
                      <button type="button" className={buttonClass.danger} aria-label={`Delete ${r.title}`} onClick={() => setConfirmation({
                        title: 'Delete this saved reply?', body: <>"{r.title}" will no longer be offered in the composer.</>, confirm: 'Delete saved reply', danger: true, onConfirm: () => void remove(r),
                      })}>Delete</button>
                    </div>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </AdminSection>
  );
}
