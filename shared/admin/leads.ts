
// The lead workflow of the admin area, as pure rules (docs/product.md, "Admin area"). Every request a
// visitor sends (the seven submission kinds) is one lead in the staff inbox.

/** New → Contacted → Qualified → Proposal sent → Won / Lost, plus Spam. */
export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'proposal_sent', 'won', 'lost', 'spam'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const isLeadStatus = (v: unknown): v is LeadStatus => typeof v === 'string' && (LEAD_STATUSES as readonly string[]).includes(v);

export const leadStatusNames: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  proposal_sent: 'Proposal sent',
  won: 'Won',
  lost: 'Lost',
  spam: 'Spam',
};

/** What each kind of request is called: the one list in shared/submissionKinds.ts, under the inbox's name. */
export { kindLabels as leadKindNames } from '../submissionKinds.ts';

/** The site promises a reply within 24 hours (docs/product.md). */
export const REPLY_PROMISE_MS = 24 * 60 * 60 * 1000;

/** When a lead received at `receivedAt` (ISO) must have had its first answer. */
export const replyDueAt = (receivedAt: string): string => new Date(Date.parse(receivedAt) + REPLY_PROMISE_MS).toISOString();

export type ReplyDue =
  | { state: 'answered' }
  | { state: 'due'; msLeft: number }
  | { state: 'overdue'; msLate: number };

/**
 * The reply-due badge (docs/decisions/0029): the clock runs until a person's first answer is recorded
 * (firstResponseAt), whatever the status says; spam, won and lost leads wait for nothing.
 */
export function replyDue(lead: { status: LeadStatus; receivedAt: string; firstResponseAt: string | null }, now: number): ReplyDue {
  if (lead.firstResponseAt || !clockRuns(lead.status)) return { state: 'answered' };
  const left = Date.parse(lead.receivedAt) + REPLY_PROMISE_MS - now;
  return left > 0 ? { state: 'due', msLeft: left } : { state: 'overdue', msLate: -left };
}

/** Statuses whose leads need no answer any more: the clock neither runs nor escalates. */
export const CLOCK_STOPPED_STATUSES: readonly LeadStatus[] = ['spam', 'won', 'lost'];
export const clockRuns = (status: LeadStatus): boolean => !CLOCK_STOPPED_STATUSES.includes(status);

/**
 * How a person answered outside the product, recorded with Contacted (the closed list the lead page offers).
 * An e-mail from the lead (`email`) and a live-chat message (`live`) are recorded by the product itself.
 */
export const ANSWER_WAYS = ['phoned', 'replied_outside', 'whatsapp', 'met_in_person'] as const;
export type AnswerWay = (typeof ANSWER_WAYS)[number];
export const answerWayNames: Record<AnswerWay | 'email' | 'live', string> = {
  phoned: 'Phoned',
  replied_outside: 'Replied outside the site',
  whatsapp: 'WhatsApp',
  met_in_person: 'Met in person',
  email: 'E-mail from the lead',
  live: 'Live chat',
};
/** The name of a recorded way (`firstResponseVia`), or the stored text itself when it is not one of ours. */
export const answerWayName = (via: string): string => (Object.hasOwn(answerWayNames, via) ? answerWayNames[via as keyof typeof answerWayNames] : via);

/** The promise's escalation steps (docs/decisions/0029): at 75 % (18 h) and 100 % (24 h) without an answer. */
export const ESCALATION_STEPS = [75, 100] as const;
export type EscalationStep = (typeof ESCALATION_STEPS)[number];

/** The highest step a lead received at `receivedAt` has reached at `now`, or 0 before 75 %. */
export function escalationDue(receivedAt: string, now: number): 0 | EscalationStep {
  const elapsed = now - Date.parse(receivedAt);
  if (!Number.isFinite(elapsed)) return 0;
  if (elapsed >= REPLY_PROMISE_MS) return 100;
  return elapsed >= REPLY_PROMISE_MS * 0.75 ? 75 : 0;
}

/** "Replied by prospect": the prospect's last mail is later than our last answer, or nobody answered it yet. */
export const repliedByProspect = (lead: { lastInboundAt: string | null; lastOutboundAt: string | null }): boolean =>
  !!lead.lastInboundAt && (!lead.lastOutboundAt || Date.parse(lead.lastInboundAt) > Date.parse(lead.lastOutboundAt));
