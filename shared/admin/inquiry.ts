import { windowInAccra } from '../accraTime.ts';
import { collectionSpec, COLLECTIONS, isSubmissionKind, type DeliveryState, type LeadActivityType, type SubmissionKind } from '../appwrite/schema.ts';
import type { SubmissionMessage } from '../submission.ts';
import { replyDueAt, type LeadStatus } from './leads.ts';
import { decodeTranscript, transcriptWords } from '../chat/transcript.ts';

// The staff inbox's index document of a lead (collection `inquiries`, docs/decisions/0016) and the
// documents of its history (`lead_activity`), as pure builders: the queue's Appwrite sink, the setup's
// backfill and the demo seed all make them here, so an inquiry looks the same whoever wrote it. No I/O.

/** What the inbox keeps of a lead beside the kind's own record (shared/appwrite/schema.ts, `inquiries`). */
export interface InquiryData {
  kind: SubmissionKind;
  /** 'fr' for a prospect who wrote in French (a chat on a French page); absent otherwise. */
  language?: 'fr';
  name: string | null;
  email: string | null;
  company: string | null;
  summary: string;
  serviceInterest: string | null;
  budgetRange: string | null;
  searchText: string;
  status: LeadStatus;
  assigneeId: string | null;
  assigneeName: string | null;
  receivedAt: string;
  dueAt: string;
  firstResponseAt: string | null;
  archived: boolean;
}

export const SUMMARY_MAX = 200;

const sizeOf = (key: string): number => collectionSpec(COLLECTIONS.inquiries)?.attributes.find((a) => a.key === key)?.size ?? 255;

/** One line of at most `max` characters, cut at a word with an ellipsis when longer. */
export function oneLine(text: string, max: number = SUMMARY_MAX): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max * 0.6 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

const firstWords = (text: string | undefined, max = 120) => (text ? oneLine(text, max) : '');

/** The submitted field that says what the person wants, per kind ("message text"). */
const messageFields: Record<SubmissionKind, readonly string[]> = {
  contact: ['message'],
  career: ['coverLetter'],
  affiliate: ['audience', 'referralPlan'],
  'seo-audit': ['goals', 'competitors'],
  booking: ['notes'],
  lead: ['projectSummary', 'messages'],
  pricing: ['features', 'additionalDetails'],
  live: ['messages'],
  whatsapp: ['messages'],
};

/** The visitor's last turn of a chat transcript (shared/chat/transcript.ts). */
const lastVisitorLine = (messages: string | undefined) => decodeTranscript(messages).filter((t) => t.from === 'visitor').at(-1)?.text;
/** A message field as words: a transcript's turns, not its JSON. */
const fieldWords = (key: string, value: string | undefined) => (key === 'messages' && value ? transcriptWords(value) : value);

/** Subject, service interest or the first words, as the inbox's one-line summary. */
export function inquirySummary(kind: SubmissionKind, f: Record<string, string | undefined>): string {
  const join = (...parts: (string | undefined)[]) => parts.filter((p) => p?.trim()).join(' · ');
  let text: string;
  switch (kind) {
    case 'contact':
      text = join(f.service, firstWords(f.message));
      break;
    case 'career':
      text = join(f.role || f.area, f.experience ? `${f.experience} experience` : undefined);
      break;
    case 'affiliate':
      text = join(f.company, firstWords(f.audience));
      break;
    case 'seo-audit':
      text = join(f.website, firstWords(f.goals));
      break;
    case 'booking':
      // The window as the visitor gave it (their zone), then in Accra, where the team reads it.
      text = join(f.topic, f.date ? `${f.date}${f.timeWindow ? `, ${f.timeWindow}` : ''}` : undefined,
        f.date && f.timeWindow && f.timeZone ? (windowInAccra(f.date, f.timeWindow, f.timeZone) ?? undefined) : undefined);
      break;
    case 'lead':
      text = join(f.serviceInterest, firstWords(f.projectSummary));
      break;
    case 'pricing':
      text = f.subject || join(f.projectType ? `Pricing: ${f.projectType}` : undefined, firstWords(f.features));
      break;
    case 'live':
      // The visitor's last words before asking for a person.
      text = join(f.mode === 'offline' ? 'Asked for a person (offline)' : 'Live chat', firstWords(lastVisitorLine(f.messages)));
      break;
    case 'whatsapp':
      // The customer's latest words on WhatsApp.
      text = join('WhatsApp', firstWords(lastVisitorLine(f.messages)));
      break;
  }
  return oneLine(text || firstWords(messageFields[kind].map((k) => fieldWords(k, f[k])).find(Boolean)) || 'No details given');
}

/** Name, e-mail, company and the message text, for the full-text index (cut to the attribute's size). */
export function inquirySearchText(kind: SubmissionKind, f: Record<string, string | undefined>): string {
  const parts = [f.name, f.email?.toLowerCase(), f.company, f.website, f.role, f.serviceInterest ?? f.service, f.projectType, ...messageFields[kind].map((k) => fieldWords(k, f[k]))];
  return parts.filter((p): p is string => !!p && !!p.trim()).map((p) => p.replace(/\s+/g, ' ').trim()).join(' | ').slice(0, sizeOf('searchText'));
}

const orNull = (v: string | undefined, key: string) => (v?.trim() ? v.trim().slice(0, sizeOf(key)) : null);

/**
 * The inquiry of a submission, under the submission's id (so writing it twice answers 409, and the
 * kind's record and its inquiry share one id). Status New; due 24 hours after it arrived. Throws for a
 * kind the schema does not know (the sink refuses those before).
 */
export function inquiryDocument(m: Pick<SubmissionMessage, 'id' | 'kind' | 'submittedAt' | 'fields'>): { documentId: string; data: InquiryData } {
  if (!isSubmissionKind(m.kind)) throw new Error(`No inquiry for submissions of kind "${m.kind}".`);
  const f = m.fields;
  const email = orNull(f.email, 'email');
  return {
    documentId: m.id,
    data: {
      kind: m.kind,
      name: orNull(f.name, 'name'),
      email: email ? email.toLowerCase() : null,
      company: orNull(f.company, 'company'),
      summary: inquirySummary(m.kind, f),
      serviceInterest: orNull(f.serviceInterest || f.service || f.projectType, 'serviceInterest'),
      budgetRange: orNull(f.budgetRange || f.budget, 'budgetRange'),
      searchText: inquirySearchText(m.kind, f),
      status: 'new',
      assigneeId: null,
      assigneeName: null,
      receivedAt: m.submittedAt,
      dueAt: replyDueAt(m.submittedAt),
      firstResponseAt: null,
      archived: false,
      // Only French is marked: staff answer every other lead in English (docs/decisions/0032, "Chat").
      ...(f.language === 'fr' ? { language: 'fr' as const } : {}),
    },
  };
}

/** One event of a lead's history (collection `lead_activity`). */
export interface ActivityData {
  leadId: string;
  type: LeadActivityType;
  actorId: string | null;
  actorName: string | null;
  text: string | null;
  from: string | null;
  to: string | null;
  at: string;
  /** E-mails (email_out, email_in; docs/decisions/0027). Null on every other type. */
  subject: string | null;
  messageId: string | null;
  deliveryState: DeliveryState | null;
  deliveryError: string | null;
  /** JSON: [{ fileId, name, type, size }] kept and [{ name, dropped }] dropped. */
  attachments: string | null;
  /** A WhatsApp template message (wa_out): "name/language" (docs/decisions/0031). */
  waTemplate: string | null;
}

export interface ActivityInput {
  leadId: string;
  type: LeadActivityType;
  at: string;
  actor?: { id: string; name: string } | null;
  text?: string | null;
  from?: string | null;
  to?: string | null;
  subject?: string | null;
  messageId?: string | null;
  deliveryState?: DeliveryState | null;
  deliveryError?: string | null;
  attachments?: string | null;
  waTemplate?: string | null;
  /** The document id; a fresh one is made by the caller (the `received` event has a fixed one). */
  documentId: string;
}

/**
 * An activity document. The `received` event of a lead uses the lead's own id as its document id
 * (receivedActivityId), so the sink can write it again after a failure without making a second one.
 */
export function activityDocument(a: ActivityInput): { documentId: string; data: ActivityData } {
  const cut = (v: string | null | undefined, key: 'text' | 'from' | 'to' | 'actorName' | 'subject' | 'messageId' | 'deliveryError' | 'attachments' | 'waTemplate') => {
    const size = collectionSpec(COLLECTIONS.leadActivity)?.attributes.find((x) => x.key === key)?.size ?? 128;
    return v ? v.slice(0, size) : null;
  };
  return {
    documentId: a.documentId,
    data: {
      leadId: a.leadId,
      type: a.type,
      actorId: a.actor?.id ?? null,
      actorName: cut(a.actor?.name, 'actorName'),
      text: cut(a.text, 'text'),
      from: cut(a.from, 'from'),
      to: cut(a.to, 'to'),
      at: a.at,
      subject: cut(a.subject, 'subject'),
      messageId: cut(a.messageId, 'messageId'),
      deliveryState: a.deliveryState ?? null,
      deliveryError: cut(a.deliveryError, 'deliveryError'),
      attachments: cut(a.attachments, 'attachments'),
      waTemplate: cut(a.waTemplate, 'waTemplate'),
    },
  };
}

/** The fixed id of a lead's `received` event: the lead's id (ids are unique per collection). */
export const receivedActivityId = (leadId: string) => leadId;

/** A lead's `received` event, the first line of its history. */
export const receivedActivity = (leadId: string, receivedAt: string) =>
  activityDocument({ documentId: receivedActivityId(leadId), leadId, type: 'received', at: receivedAt });

/** The words of a resend's `delivery` event (docs/decisions/0022). */
export const RESENT_TEXT = 'E-mailed to the team again: resent after an unknown outcome, so the team may have it twice.';

/** A lead's `delivery` event for a resend after an unknown outcome, under a fixed id per lead and sink. */
export const resentActivity = (leadId: string, sink: string, at: string) =>
  activityDocument({ documentId: `${leadId}-resent-${sink}`.slice(0, 36), leadId, type: 'delivery', at, text: RESENT_TEXT });
