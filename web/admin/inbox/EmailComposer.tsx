import { useId, useState } from 'react';
import type { LeadActivity, LeadDetailResponse } from '../../../shared/admin/leadView.ts';
import { pickSavedReply, renderSavedReply, type SavedReplyVariable } from '../../../shared/admin/savedReplies.ts';
import { MAIL_TEXT_MAX, replyThreading } from '../../../shared/admin/replyThread.ts';
import { isEmailAddress } from '../../../shared/email.ts';
import { site } from '../../../shared/site.ts';
import { api } from '../../api/client.ts';
import { useConfig } from '../../config.tsx';
import { buttonClass, Note } from '../../ui/kit.tsx';
import { Input, Select, Textarea } from '../../ui/controls.tsx';
import { adminKeys } from '../queryKeys.ts';
import { useStaffQuery } from '../useStaffQuery.ts';
import { useComposerId } from './useComposerId.ts';
import { useLeadChange } from './useLeadChange.ts';

// The lead page's e-mail composer (issue 26, "Writing a reply"): the prospect gets exactly the text in the
// box, from the agency's address, threaded, with a reply address that brings the answer back into the lead.
// **Insert saved reply** puts the saved reply chosen in **Saved reply** into the box, its variables filled in from this lead:
// its French version for a lead marked French, else the English, and the composer says so. Each
// message gets its id here once (shared/id.ts): a retry of the same words is the same message, which the
// Worker sends once; new words are a new message. The timeline shows each message's delivery state.

const variableNames: Record<SavedReplyVariable, string> = {
  first_name: 'first name', service: 'service', estimate: 'estimate', agent_name: 'your name', booking_link: 'booking link',
};

export function EmailComposer({ leadKey, data, me }: { leadKey: readonly unknown[]; data: LeadDetailResponse; me: { id: string; name: string } }) {
  const { lead, activity } = data;
  const config = useConfig();
  const textId = useId();
  const subjectId = useId();
  const [text, setText] = useState('');
  const [subject, setSubject] = useState('');
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [chosen, setChosen] = useState('');
  const { id: messageId, next: nextMessage, change: edit } = useComposerId();

  const replies = useStaffQuery(adminKeys.savedReplies, (init) => api.admin['saved-replies'].$get({}, init));
  const thread = replyThreading(activity, '');
  const firstMessage = !activity.some((a) => a.type === 'email_out' || a.type === 'email_in');

  const send = useLeadChange(leadKey, (body: { id: string; text: string; subject?: string }, init) => api.admin.leads[':id'].emails.$post({ param: { id: lead.id }, json: body }, init),
    (d, body) => ({ ...d, activity: [...d.activity, pendingMail(body, me, lead.email)] }));

  if (!lead.email || !isEmailAddress(lead.email)) {
    return <p className="text-sm text-slate-600">This lead has no valid e-mail address: answer it another way (phone, live chat) and record how in a note.</p>;
  }

  const insert = (replyId: string) => {
    const reply = replies.data?.replies.find((r) => r.id === replyId);
    if (!reply) return setNotice({ ok: false, text: 'Choose a saved reply first.' });
    setChosen('');
    const version = pickSavedReply(reply, lead.language);
    const out = renderSavedReply(version.body, { lead, agent: { name: me.name }, bookingUrl: config?.bookingUrl ?? null, siteUrl: config?.siteUrl ?? window.location.origin }, version.language);
    // Nothing written is lost: a saved reply goes after words already in the box.
    edit(setText)(text.trim() ? `${text.trimEnd()}\n\n${out.text}` : out.text);
    const warnings = [
      ...(version.fellBack ? [`"${reply.title}" has no French version: the English text was inserted for this French lead.`] : []),
      ...(out.missing.length ? [`This lead has no ${out.missing.map((v) => variableNames[v]).join(', ')}: general words were used instead.`] : []),
    ];
    setNotice(warnings.length
      ? { ok: false, text: `${warnings.join(' ')} Check the text before sending.` }
      : { ok: true, text: `Inserted ${version.language === 'fr' ? 'the French version of ' : ''}"${reply.title}". Check the text before sending.` });
  };

  return (
    <form
      aria-label="E-mail the prospect"
      className="space-y-3"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!text.trim()) return setNotice({ ok: false, text: 'Write the reply first.' });
        const body = { id: messageId.current, text, ...(firstMessage && subject.trim() ? { subject: subject.trim() } : {}) };
        setNotice(null);
        const failed = await send.mutateAsync(body).then(() => null, (err: Error) => err.message);
        if (failed) return setNotice({ ok: false, text: failed });
        nextMessage();
        setText('');
        setSubject('');
        setNotice({ ok: true, text: `E-mail queued for ${lead.email}. Its delivery state shows in the timeline.` });
      }}
    >
      <p className="text-sm text-slate-600">To <span className="font-semibold break-all text-ink">{lead.email}</span>. Internal notes are never sent.</p>
      {replies.data?.replies.length ? (
        // A select that inserted on change would insert at the first arrow key: the choice and the insertion are two controls.
        <div className="flex flex-wrap items-end gap-2">
          <label className="min-w-0 flex-1 text-sm font-semibold text-ink">
            Saved reply
            <Select size="sm" className="mt-1 block w-full font-normal" value={chosen} onChange={(e) => setChosen(e.target.value)}>
              <option value="">Choose a saved reply…</option>
              {replies.data.replies.map((r) => <option key={r.id} value={r.id}>{r.title}{lead.language === 'fr' && !r.bodyFr ? ' (English only)' : ''}</option>)}
            </Select>
          </label>
          <button type="button" className={buttonClass.secondary} onClick={() => insert(chosen)}>Insert saved reply</button>
        </div>
      ) : null}
      {firstMessage ? (
        <div>
          <label htmlFor={subjectId} className="block text-sm font-semibold text-ink">Subject</label>
          <Input id={subjectId} size="sm" className="mt-1 block w-full" maxLength={200} value={subject} onChange={(e) => edit(setSubject)(e.target.value)} placeholder={`Your enquiry to ${site.name}`} />
        </div>
      ) : <p className="text-sm text-slate-600">Subject: {thread.subject || 'Re: the thread'}</p>}
      <div>
        <label htmlFor={textId} className="block text-sm font-semibold text-ink">E-mail reply</label>
        <Textarea id={textId} rows={8} maxLength={MAIL_TEXT_MAX} value={text} onChange={(e) => edit(setText)(e.target.value)} size="sm" className="mt-1 block w-full" />
      </div>
      {notice ? <Note tone={notice.ok ? 'ok' : 'error'}>{notice.text}</Note> : null}
      {replies.isError ? <Note tone="warn">Saved replies could not be loaded: {replies.error.message}</Note> : null}
      <button type="submit" className={buttonClass.primary} disabled={send.isPending}>{send.isPending ? 'Sending…' : 'Send e-mail'}</button>
    </form>
  );
}

/** The message as the timeline shows it until the Worker's answer comes. */
const pendingMail = (body: { id: string; text: string; subject?: string }, me: { id: string; name: string }, to: string | null): LeadActivity => ({
  id: `out-${body.id}`, type: 'email_out', text: body.text, actorId: me.id, actorName: me.name, from: null, to, at: new Date().toISOString(),
  subject: body.subject ?? null, messageId: null, deliveryState: 'queued', deliveryError: null, attachments: null, waTemplate: null,
});
