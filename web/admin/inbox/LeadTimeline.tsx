import { kindLabel } from '../../../shared/submissionKinds.ts';
import { useState } from 'react';
import type { LeadActivity, TranscriptTurn } from '../../../shared/admin/leadView.ts';
import { leadTimeline, type TimelineEntry } from '../../../shared/admin/timeline.ts';
import { MailAttachments } from './MailIn.tsx';
import { WaMedia, waMediaShowsWords } from './WaMedia.tsx';
import { useAuth } from '../../auth/AuthContext.tsx';
import { useAppwriteConfig } from '../../auth/forms.ts';
import { formatDate, Note } from '../../ui/kit.tsx';
import { downloadFile } from '../saveFile.ts';

// The lead page's one timeline (shared/admin/timeline.ts): the request, the chat, e-mails both ways with
// their delivery state, status changes, assignments and internal notes, oldest first. Internal notes are
// marked as such and look apart: staff must never mistake one for something the prospect saw.

const turnClass: Record<TranscriptTurn['from'], string> = {
  visitor: 'ml-auto bg-brand-600 text-white',
  assistant: 'bg-slate-100 text-ink',
  staff: 'bg-amber-50 text-ink ring-1 ring-amber-200',
  system: 'mx-auto bg-white text-slate-700 italic',
};
const turnAuthor = (t: TranscriptTurn) =>
  t.from === 'visitor' ? 'Visitor: ' : t.from === 'staff' ? `${t.name ?? 'Staff'}: ` : t.from === 'system' ? 'Note: ' : 'Assistant: ';

const activityText = (a: LeadActivity): string => {
  switch (a.type) {
    case 'received': return 'Request received';
    case 'status': return `Status ${a.from ?? '?'} → ${a.to ?? '?'}`;
    case 'assign': return a.to ? `Assigned to ${a.to}` : `Unassigned${a.from ? ` (was ${a.from})` : ''}`;
    case 'note': return a.text ?? '';
    case 'reply': return `Replied${a.text ? `: ${a.text}` : ''}`;
    case 'delivery': return a.text ?? 'Delivery';
    case 'archive': return 'Archived';
    case 'restore': return 'Restored to the inbox';
    case 'erasure': return a.text ?? 'Erased';
    case 'email_out': return 'E-mail to the prospect';
    case 'email_in': return 'E-mail from the prospect';
    case 'wa_out': return 'WhatsApp to the prospect';
    case 'wa_in': return 'WhatsApp from the prospect';
  }
};

const stateClass = {
  queued: 'bg-slate-100 text-slate-800', sent: 'bg-emerald-100 text-emerald-900', delivered: 'bg-emerald-100 text-emerald-900',
  read: 'bg-sky-100 text-sky-900', failed: 'bg-red-100 text-red-900',
} as const;
const stateName = { queued: 'Queued', sent: 'Sent', delivered: 'Delivered', read: 'Read', failed: 'Failed' } as const;

function DeliveryState({ a }: { a: LeadActivity }) {
  if (!a.deliveryState) return null;
  return (
    <p className="mt-2 text-sm">
      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${stateClass[a.deliveryState]}`}>{stateName[a.deliveryState]}</span>
      {a.deliveryState === 'failed' && a.deliveryError ? <span className="ml-2 text-red-900">{a.deliveryError}</span> : null}
    </p>
  );
}

function Mail({ a, leadId }: { a: LeadActivity; leadId: string }) {
  const outbound = a.type === 'email_out';
  return (
    <div className={`rounded-lg p-3 ring-1 ${outbound ? 'bg-white ring-brand-200' : 'bg-sky-50 ring-sky-200'}`}>
      <p className="font-semibold text-ink"><Channel channel="email" />{activityText(a)}</p>
      {a.subject ? <p className="text-slate-700">Subject: {a.subject}</p> : null}
      {a.text ? <p className="mt-2 whitespace-pre-wrap break-words text-ink">{a.text}</p> : null}
      {outbound ? <DeliveryState a={a} /> : <MailAttachments leadId={leadId} json={a.attachments} />}
    </div>
  );
}

/** The channel a message went by: both show in the one timeline. */
/** The channel a message went by, named as the lead kind of that channel is (shared/submissionKinds.ts). */
const CHANNEL_NAMES = { email: 'E-mail', whatsapp: kindLabel('whatsapp') } as const;
const Channel = ({ channel }: { channel: keyof typeof CHANNEL_NAMES }) => (
  <span className={`mr-2 rounded px-1.5 py-0.5 text-xs font-bold ${channel === 'whatsapp' ? 'bg-emerald-100 text-emerald-900' : 'bg-brand-50 text-brand-800'}`}>{CHANNEL_NAMES[channel]}</span>
);

/** A WhatsApp message as a chat bubble: ours on the right with its template and delivery state. */
function WhatsApp({ a, leadId }: { a: LeadActivity; leadId: string }) {
  const outbound = a.type === 'wa_out';
  return (
    <div className={`max-w-[90%] rounded-2xl p-3 ring-1 ${outbound ? 'ml-auto bg-emerald-50 ring-emerald-200' : 'bg-white ring-slate-200'}`}>
      <p className="font-semibold text-ink"><Channel channel="whatsapp" />{activityText(a)}</p>
      {a.waTemplate ? <p className="text-slate-700">Template: {a.waTemplate}</p> : null}
      <WaMedia a={a} leadId={leadId} />
      {a.text && !waMediaShowsWords(a) ? <p className="mt-2 whitespace-pre-wrap break-words text-ink">{a.text}</p> : null}
      {outbound ? <DeliveryState a={a} /> : null}
    </div>
  );
}

function Entry({ e, leadId }: { e: TimelineEntry; leadId: string }) {
  if (e.kind === 'turn') {
    const t = e.turn;
    return (
      <li className={`max-w-[85%] rounded-2xl px-4 py-2 text-sm whitespace-pre-wrap break-words ${turnClass[t.from]}`}>
        <span className={t.from === 'staff' ? 'block text-xs font-semibold' : 'sr-only'}>{turnAuthor(t)}</span>{t.text}
      </li>
    );
  }
  const a = e.activity;
  const by = a.actorName ?? (a.type === 'received' ? 'From the website' : a.type === 'email_in' ? (a.from ?? 'The prospect') : a.type === 'email_out' ? 'the website, automatically' : a.type === 'wa_out' ? 'the assistant' : a.type === 'wa_in' ? 'The prospect' : 'Someone');
  return (
    <li className="text-sm">
      {a.type === 'note' ? (
        <div className="rounded-lg border-l-4 border-amber-500 bg-amber-50 p-3 ring-1 ring-amber-200">
          <p className="text-xs font-bold tracking-wide text-amber-900 uppercase">Internal note</p>
          <p className="mt-1 whitespace-pre-wrap break-words text-ink">{a.text}</p>
        </div>
      ) : a.type === 'email_out' || a.type === 'email_in' ? <Mail a={a} leadId={leadId} />
        : a.type === 'wa_out' || a.type === 'wa_in' ? <WhatsApp a={a} leadId={leadId} /> : <p className="text-ink">{activityText(a)}</p>}
      <p className={`mt-0.5 text-slate-600 ${a.type === 'wa_out' ? 'text-right' : ''}`}>{a.type === 'note' ? 'Note by ' : a.type === 'email_out' || a.type === 'wa_out' ? 'By ' : ''}{by} · <time dateTime={a.at}>{formatDate(a.at)}</time></p>
    </li>
  );
}

export function LeadTimeline({ leadId, receivedAt, transcript, activity }: { leadId: string; receivedAt: string; transcript: TranscriptTurn[] | null; activity: LeadActivity[] }) {
  const entries = leadTimeline({ receivedAt }, transcript, activity);
  return (
    <section aria-labelledby="timeline-title" className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
      <h2 id="timeline-title" className="text-lg font-bold text-ink">Timeline</h2>
      <ol aria-label="Timeline" className="mt-4 flex flex-col gap-3">
        {entries.map((e) => <Entry key={e.key} e={e} leadId={leadId} />)}
      </ol>
    </section>
  );
}
