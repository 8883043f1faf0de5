// What may alert staff, and the event that travels on the queue as a job of kind `alert-event`
// (shared/submission.ts JOB_KINDS): raised where it happens (functions/alerts/raise.ts), fanned out to each
// person who wants it as one `alert` job per person, delivered by Web Push or else by e-mail, once per event
// and person (docs/decisions/0028). No I/O.

export const ALERT_KINDS = ['new_lead', 'visitor_waiting', 'assigned', 'prospect_reply', 'promise_75', 'promise_100'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const isAlertKind = (v: unknown): v is AlertKind => typeof v === 'string' && (ALERT_KINDS as readonly string[]).includes(v);

/** How each kind is named in a person's notification settings. */
export const alertKindLabels: Record<AlertKind, string> = {
  new_lead: 'A new lead of any kind',
  visitor_waiting: 'A visitor waiting for a person',
  assigned: 'A lead assigned to me',
  prospect_reply: 'A reply from a prospect on my lead',
  promise_75: 'A lead at 75 % of its promise without an answer',
  promise_100: 'A broken promise (24 h without an answer)',
};

/** One thing that happened, as raised. `key` makes it unique among events of its kind (a lead id, a message id). */
export interface AlertEvent {
  kind: AlertKind;
  key: string;
  /** The lead it is about (null for a live chat not yet filed). */
  leadId: string | null;
  /** A live chat's conversation reference (never its id: docs/decisions/0021). */
  conversationRef: string | null;
  /** Who it is for when it names someone: the assignee (assigned, prospect_reply, promise_75). */
  userId: string | null;
  /** Who, for the notification's title: a name, or null ("A visitor"). */
  who: string | null;
  /** A few words (a summary, a first line): never a secret, cut by the sender. */
  words: string;
  /** ISO 8601, when it happened. */
  at: string;
}

/** The job id of an event: one job per event, however often it is raised. */
export const alertEventJobId = (e: Pick<AlertEvent, 'kind' | 'key'>): string => `alert-event:${e.kind}:${e.key}`.slice(0, 160);

/** The job id of one person's alert of an event. */
export const alertJobId = (e: Pick<AlertEvent, 'kind' | 'key'>, userId: string): string => `alert:${e.kind}:${e.key}:${userId}`.slice(0, 160);

/** The event's fields on the queue (strings only). */
export function alertEventFields(e: AlertEvent): Record<string, string> {
  return {
    kind: e.kind, key: e.key, leadId: e.leadId ?? '', conversationRef: e.conversationRef ?? '', userId: e.userId ?? '',
    who: e.who ?? '', words: e.words, at: e.at,
  };
}

export function parseAlertEventFields(f: Record<string, string>): AlertEvent | null {
  if (!isAlertKind(f.kind) || !f.key || !f.at || Number.isNaN(Date.parse(f.at))) return null;
  return {
    kind: f.kind, key: f.key, leadId: f.leadId || null, conversationRef: f.conversationRef || null, userId: f.userId || null,
    who: f.who || null, words: f.words ?? '', at: f.at,
  };
}
