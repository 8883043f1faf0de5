import { useEffect, useId, useState } from 'react';
import type { LeadActivity, LeadDetailResponse } from '../../../shared/admin/leadView.ts';
import { windowLeft } from '../../../shared/whatsapp/composer.ts';
import { WA_TEXT_MAX } from '../../../shared/whatsapp/outgoing.ts';
import { api } from '../../api/client.ts';
import { buttonClass, formatDate, Note } from '../../ui/kit.tsx';
import { Select, Textarea } from '../../ui/controls.tsx';
import { adminKeys } from '../queryKeys.ts';
import { useStaffQuery } from '../useStaffQuery.ts';
import { useComposerId } from './useComposerId.ts';
import { useLeadChange } from './useLeadChange.ts';

// The lead page's WhatsApp composer (issue 28 §4, docs/decisions/0031 "Window and templates"): free text while
// the customer's 24-hour window is open, otherwise an approved template from **Template**, shown filled for this
// lead. The Worker decides every time (functions/admin/leadWhatsApp.ts); this page only shows the same rules.
// Each message gets its id here once: a retry is the same message, sent once.

type Body = { id: string; text: string } | { id: string; template: string };

/** Now, every 30 s: the window's countdown and its closing follow the clock without a reload. */
function useNow(everyMs = 30_000) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}

export function WhatsAppComposer({ leadKey, data, me }: { leadKey: readonly unknown[]; data: LeadDetailResponse; me: { id: string; name: string } }) {
  const { lead } = data;
  const textId = useId();
  const windowId = useId();
  const now = useNow();
  const [text, setText] = useState('');
  const [template, setTemplate] = useState('');
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  // The id of the message being written; a new one whenever its words or template change.
  const { id: messageId, next: nextMessage, change } = useComposerId();

  const state = useStaffQuery(adminKeys.whatsapp(lead.id, lead.waId, lead.waLastInboundAt), (init) => api.admin.leads[':id'].whatsapp.$get({ param: { id: lead.id } }, init));
  const chosen = state.data?.templates.find((t) => t.id === template) ?? null;
  const send = useLeadChange(leadKey, (body: Body, init) => api.admin.leads[':id'].whatsapp.$post({ param: { id: lead.id }, json: body }, init),
    (d, body) => ({ ...d, activity: [...d.activity, pendingWhatsApp(body, me, state.data?.waId ?? null, chosen?.text)] }));

  if (state.isPending) return <p className="text-sm text-slate-600">Loading WhatsApp…</p>;
  if (state.isError) return <Note tone="error">WhatsApp could not be loaded: {state.error.message}</Note>;
  const wa = state.data;
  if (!wa.configured) return <p className="text-sm text-slate-600">WhatsApp is not configured on this site: answer by e-mail or phone.</p>;
  if (!wa.waId) return <p className="text-sm text-slate-600">{wa.noNumber ?? 'This lead has no WhatsApp number.'}</p>;

  const left = wa.windowClosesAt ? windowLeft(wa.windowClosesAt, now) : null;
  const canSendText = wa.canSendText && left !== null;
  const windowText = !wa.conversation
    ? 'The customer has not written to us on WhatsApp yet: start the conversation with an approved template.'
    : left ? `Window open for ${left}. After it, only an approved template can be sent.`
    : `Closed at ${formatDate(wa.windowClosesAt ?? '')}: free text can no longer be sent; choose an approved template.`;

  return (
    <form
      aria-label="WhatsApp the prospect"
      className="space-y-3"
      onSubmit={async (e) => {
        e.preventDefault();
        let body: Body;
        if (template) body = { id: messageId.current, template };
        else if (!canSendText) return setNotice({ ok: false, text: 'Choose an approved template: free text cannot be sent now.' });
        else if (!text.trim()) return setNotice({ ok: false, text: 'Write the reply first, or choose a template.' });
        else body = { id: messageId.current, text };
        setNotice(null);
        const out = await send.mutateAsync(body).then((a) => ({ ok: true as const, a }), (err: Error) => ({ ok: false as const, message: err.message }));
        // On failure nothing is cleared: the words stay in the box with the reason.
        if (!out.ok) return setNotice({ ok: false, text: out.message });
        nextMessage();
        if ('template' in body) setTemplate('');
        else setText('');
        setNotice(out.a.deliveryState === 'failed'
          ? { ok: false, text: `WhatsApp did not take it: ${out.a.deliveryError ?? 'no reason given'}` }
          : { ok: true, text: `WhatsApp message sent to +${wa.waId}. Its delivery state shows in the timeline.` });
      }}
    >
      <p className="text-sm text-slate-600">To <span className="font-semibold text-ink">+{wa.waId}</span> on WhatsApp.</p>
      <p id={windowId} className={`text-sm font-semibold ${canSendText ? 'text-emerald-800' : 'text-amber-900'}`}>{windowText}</p>
      <div>
        <label htmlFor={textId} className="block text-sm font-semibold text-ink">WhatsApp reply</label>
        <Textarea
          id={textId} rows={5} maxLength={WA_TEXT_MAX} value={text} size="sm" className="mt-1 block w-full"
          disabled={!canSendText || !!template} aria-describedby={windowId}
          onChange={(e) => change(setText)(e.target.value)}
        />
      </div>
      {wa.templates.length ? (
        <div className="space-y-2">
          <label className="block text-sm font-semibold text-ink">
            Template
            <Select size="sm" className="mt-1 block w-full font-normal" value={template} onChange={(e) => change(setTemplate)(e.target.value)}>
              <option value="">{canSendText ? 'No template: send the reply above' : 'Choose an approved template…'}</option>
              {wa.templates.map((t) => <option key={t.id} value={t.id}>{t.label}</option>)}
            </Select>
          </label>
          {chosen ? (
            <figure className="rounded-lg bg-emerald-50 p-3 text-sm ring-1 ring-emerald-200">
              <figcaption className="text-xs font-semibold text-emerald-900">Preview, as the customer will read it</figcaption>
              <p className="mt-1 whitespace-pre-wrap break-words text-ink">{chosen.text}</p>
              {chosen.missing.length ? <p className="mt-2 font-semibold text-red-800">This lead has no {chosen.missing.map((v) => `{{${v}}}`).join(', ')}: this template cannot be sent to it.</p> : null}
            </figure>
          ) : null}
        </div>
      ) : <p className="text-sm text-slate-600">No approved templates are configured (WHATSAPP_TEMPLATES).</p>}
      {notice ? <Note tone={notice.ok ? 'ok' : 'error'}>{notice.text}</Note> : null}
      <button type="submit" className={buttonClass.primary} disabled={send.isPending}>{send.isPending ? 'Sending…' : 'Send WhatsApp'}</button>
    </form>
  );
}

/** The message as the timeline shows it until the Worker's answer comes. */
const pendingWhatsApp = (body: Body, me: { id: string; name: string }, to: string | null, templateText: string | undefined): LeadActivity => ({
  id: `pending-wa-${body.id}`, type: 'wa_out', text: 'text' in body ? body.text : (templateText ?? ''), actorId: me.id, actorName: me.name, from: null, to,
  at: new Date().toISOString(), subject: null, messageId: null, deliveryState: 'queued', deliveryError: null, attachments: null,
  waTemplate: 'template' in body ? body.template : null,
});
