import { headerText } from '../mailHeaders.ts';
import { isEmailAddress } from '../email.ts';

// An e-mail the Worker sends (a staff reply from the lead page, the acknowledgement to a visitor, an e-mail
// alert to staff), as it travels on the queue as a job of kind `mail` (shared/submission.ts JOB_KINDS):
// strings only, like every queue message's fields. The sink (functions/mail/) hands it to the EMAIL binding
// once (docs/decisions/0027). No I/O.

export const MAIL_KIND = 'mail';

export const MAIL_PURPOSES = ['reply', 'ack', 'alert'] as const;
export type MailPurpose = (typeof MAIL_PURPOSES)[number];

export interface OutgoingMail {
  purpose: MailPurpose;
  /** One valid address (shared/email.ts). */
  to: string;
  /** One line (shared/mailHeaders.ts headerText). */
  subject: string;
  /** Plain text body. */
  text: string;
  /** The per-lead reply+<token>@INBOUND_DOMAIN address, when answers should come back into the lead. */
  replyTo: string | null;
  /** Our Message-ID, `<…@…>`, made once when the job is made, so every attempt sends the same one. */
  messageId: string;
  /** Threading (RFC 5322): the Message-ID answered, and the thread's Message-IDs oldest first. */
  inReplyTo: string | null;
  references: string[];
  /** The lead it belongs to, and the lead_activity document that records its delivery state. */
  leadId: string | null;
  activityId: string | null;
  /** Who wrote it (purpose `reply`): the staff member's user id and name, for the lead's first response. */
  byId?: string | null;
  byName?: string | null;
}

/** A Message-ID of ours: random, at the sending domain. */
export function newMessageId(fromAddress: string): string {
  const domain = fromAddress.split('@')[1] ?? 'localhost';
  const random = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  return `<${random}@${domain}>`;
}

const MESSAGE_ID = /^<[^<>\s@]+@[^<>\s@]+>$/;
export const isMessageIdHeader = (v: unknown): v is string => typeof v === 'string' && MESSAGE_ID.test(v);

/** The job's fields (strings only). `email` is the recipient too, so an erased address is never written to. */
export function mailFields(m: OutgoingMail): Record<string, string> {
  return {
    purpose: m.purpose,
    to: m.to,
    email: m.to,
    subject: headerText(m.subject),
    text: m.text,
    replyTo: m.replyTo ?? '',
    messageId: m.messageId,
    inReplyTo: m.inReplyTo ?? '',
    references: m.references.join(' '),
    leadId: m.leadId ?? '',
    activityId: m.activityId ?? '',
    byId: m.byId ?? '',
    byName: m.byName ?? '',
  };
}

/** The mail of a job's fields, or null when they are not one (the job is then parked, never guessed at). */
export function parseMailFields(f: Record<string, string>): OutgoingMail | null {
  if (!(MAIL_PURPOSES as readonly string[]).includes(f.purpose ?? '')) return null;
  if (!isEmailAddress(f.to ?? '') || !f.subject || typeof f.text !== 'string' || !isMessageIdHeader(f.messageId)) return null;
  if (f.replyTo && !isEmailAddress(f.replyTo)) return null;
  if (f.inReplyTo && !isMessageIdHeader(f.inReplyTo)) return null;
  const references = (f.references ?? '').split(/\s+/).filter(Boolean);
  if (!references.every(isMessageIdHeader)) return null;
  return {
    purpose: f.purpose as MailPurpose,
    to: f.to!,
    subject: f.subject,
    text: f.text,
    replyTo: f.replyTo || null,
    messageId: f.messageId!,
    inReplyTo: f.inReplyTo || null,
    references,
    leadId: f.leadId || null,
    activityId: f.activityId || null,
    byId: f.byId || null,
    byName: f.byName || null,
  };
}

/**
 * The Message-ID the Email Service reports for a sent message, as a header value `<…@…>` for In-Reply-To
 * and References, or null when what it reported is not shaped like one (docs/decisions/0027).
 */
export function sentMessageId(reported: string): string | null {
  const value = reported.trim();
  const bracketed = value.startsWith('<') ? value : `<${value}>`;
  return isMessageIdHeader(bracketed) ? bracketed : null;
}

/** The Email Service's limit on one header value, in bytes. */
export const MAX_HEADER_BYTES = 2048;

/**
 * The References header of a thread: every id, or, when they do not fit in one header value, the first
 * (the thread's root) and as many of the latest as fit (RFC 5322 §3.6.4 lets a long list be shortened so).
 */
export function referencesHeader(ids: readonly string[], maxBytes: number = MAX_HEADER_BYTES): string {
  const [root, ...rest] = ids;
  const all = ids.join(' ');
  if (all.length <= maxBytes || root === undefined) return all;
  const latest: string[] = [];
  let size = root.length;
  for (const id of rest.toReversed()) {
    if (size + 1 + id.length > maxBytes) break;
    latest.unshift(id);
    size += 1 + id.length;
  }
  return [root, ...latest].join(' ');
}
