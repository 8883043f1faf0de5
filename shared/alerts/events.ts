import type { AlertEvent } from '../alerts.ts';
import type { InquiryData } from '../admin/inquiry.ts';

// The events raised in this slice (docs/decisions/0028), built from what was just stored. No I/O.

/** A lead arrived (any submission kind, live chats too): its inquiry was just written. */
export function newLeadEvent(leadId: string, inquiry: Pick<InquiryData, 'name' | 'summary' | 'receivedAt'>, conversationRef: string | null): AlertEvent {
  return {
    kind: 'new_lead', key: leadId, leadId, conversationRef, userId: null,
    who: inquiry.name, words: inquiry.summary, at: inquiry.receivedAt,
  };
}

/** A lead was assigned to someone; `activityId` (the assign event) tells this assignment from a later one. */
export function assignedEvent(lead: { id: string } & Pick<InquiryData, 'name' | 'summary'>, assigneeId: string, activityId: string, at: string): AlertEvent {
  return {
    kind: 'assigned', key: `${lead.id}:${assigneeId}:${activityId}`, leadId: lead.id, conversationRef: null, userId: assigneeId,
    who: lead.name, words: lead.summary, at,
  };
}
