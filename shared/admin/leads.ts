
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

/** The reply-due badge: only a lead still New is waiting for its first answer. */
export function replyDue(lead: { status: LeadStatus; receivedAt: string }, now: number): ReplyDue {
  if (lead.status !== 'new') return { state: 'answered' };
  const left = Date.parse(lead.receivedAt) + REPLY_PROMISE_MS - now;
  return left > 0 ? { state: 'due', msLeft: left } : { state: 'overdue', msLate: -left };
}

/** "Replied by prospect": the prospect's last mail is later than our last answer, or nobody answered it yet. */
export const repliedByProspect = (lead: { lastInboundAt: string | null; lastOutboundAt: string | null }): boolean =>
  !!lead.lastInboundAt && (!lead.lastOutboundAt || Date.parse(lead.lastInboundAt) > Date.parse(lead.lastOutboundAt));
