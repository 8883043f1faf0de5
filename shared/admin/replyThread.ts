import type { LeadActivity } from './leadView.ts';
import { isMessageIdHeader } from '../mail/outgoing.ts';

// The threading of a reply from the lead page (RFC 5322 §3.6.4; docs/decisions/0027): it answers the thread's
// latest message, whichever way it went, lists every earlier message of the thread oldest first, and keeps
// the subject of the thread's first message. Our own messages thread by the Message-ID the service gave them,
// which the mail sink records when it sends; until then (queued, failed) an activity's id is only the job's
// provisional one, which no mail client has seen. No I/O.

export const MAIL_TEXT_MAX = 5000;

type ThreadEntry = Pick<LeadActivity, 'id' | 'type' | 'at' | 'subject' | 'messageId' | 'deliveryState'>;

export interface ReplyThreading {
  subject: string;
  inReplyTo: string | null;
  references: string[];
}

/** "Re: Re: RE: x" is "x". */
const bare = (subject: string) => subject.replace(/^\s*((re|aw|fw|fwd)\s*:\s*)+/i, '').trim();

/**
 * Threading of a new reply from the lead's history (`activity`, any order; the reply's own entry, if any,
 * left out by `except`). `subject`: the staff member's own, when given; otherwise "Re: " and the thread's
 * first subject, or `fallbackSubject` for the first message of a thread.
 */
export function replyThreading(activity: readonly ThreadEntry[], fallbackSubject: string, subject?: string | null, except?: string): ReplyThreading {
  const mails = activity
    .filter((a) => (a.type === 'email_out' || a.type === 'email_in') && a.id !== except)
    .sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
  const ids = mails.filter((m) => m.type === 'email_in' || m.deliveryState === 'sent').map((m) => m.messageId).filter(isMessageIdHeader);
  const first = mails.find((m) => m.subject?.trim())?.subject;
  const own = subject?.trim();
  return {
    subject: own || (first ? `Re: ${bare(first)}` : fallbackSubject),
    inReplyTo: ids.at(-1) ?? null,
    references: [...new Set(ids)],
  };
}
