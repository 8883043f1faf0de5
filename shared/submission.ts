import { isUniqueId } from './id.ts';

// What travels on the `submissions` queue (and its dead-letter queue `submissions-dead`), and what the
// ledger keeps of a submission that could not be delivered. Wire types only; no I/O.

export interface SubmissionMessage {
  /** Wire version, so a consumer can tell old messages from new ones. */
  v: 1;
  /** The submission id (shared/id.ts): idempotency key of every sink, later the Appwrite document id. */
  id: string;
  /** A form kind (shared/forms) for now; chat leads and pricing requests can join later. */
  kind: string;
  /** ISO 8601, when the Worker accepted it. */
  submittedAt: string;
  /** Validated, trimmed values by field name; empty optional fields are ''. */
  fields: Record<string, string>;
}

/**
 * The Worker's own jobs, carried by the same queue and ledger as submissions so that they are retried, parked
 * where staff see them and never done twice (docs/decisions/0027, 0028): an e-mail to send (`mail`:
 * shared/mail/outgoing.ts), an alert to fan out to staff (`alert-event`) and one person's alert (`alert`:
 * shared/alerts.ts); and WhatsApp (docs/decisions/0031): a customer's message from the webhook (`wa-in`, id
 * `wa-in:<wamid>`, so Meta's retries make one job), a status of one of ours (`wa-status`) and a message to send
 * (`wa-out`: shared/whatsapp/outgoing.ts). Their ids are readable and fixed by what they are about
 * (`alert:promise_75:<lead>:<user>`), so the same event can never make a second job.
 */
export const JOB_KINDS = ['mail', 'alert-event', 'alert', 'wa-in', 'wa-status', 'wa-out'] as const;
export type JobKind = (typeof JOB_KINDS)[number];
export const isJobKind = (kind: unknown): kind is JobKind => typeof kind === 'string' && (JOB_KINDS as readonly string[]).includes(kind);

/** A job's id: a namespace, a colon, then letters, digits and `:._-` (at most 160 characters in all). */
export const JOB_ID_PATTERN = /^[a-z][a-z0-9-]{0,19}:[A-Za-z0-9:._@-]{1,140}$/;
const isMessageId = (kind: string, id: unknown) => isUniqueId(id) || (isJobKind(kind) && typeof id === 'string' && JOB_ID_PATTERN.test(id));

/** What the ledger keys a submission by: ids come from the client, so the kind is part of the key. */
export type SubmissionRef = Pick<SubmissionMessage, 'kind' | 'id'>;

/**
 * Structural check of a message taken off a queue. Fields are deliberately not re-validated against the
 * form schema: a message accepted under yesterday's rules must still be delivered today.
 */
export function parseSubmissionMessage(body: unknown): SubmissionMessage | null {
  if (!body || typeof body !== 'object') return null;
  const m = body as Partial<SubmissionMessage>;
  if (m.v !== 1 || typeof m.kind !== 'string' || !m.kind || !isMessageId(m.kind, m.id) || typeof m.submittedAt !== 'string') return null;
  if (!m.fields || typeof m.fields !== 'object' || Array.isArray(m.fields)) return null;
  if (!Object.values(m.fields).every((v) => typeof v === 'string')) return null;
  return m as SubmissionMessage;
}

/** The delivery targets: FormSubmit (e-mail) and the Appwrite record. */
export type SinkName = 'formsubmit' | 'appwrite' | (string & {});

/** A submission that kept failing, parked where staff can see it and re-queue it. */
export interface ParkedSubmission {
  /** The submission id, or `queue:<message id>` for a message that could not be read at all. */
  id: string;
  kind: string | null;
  submittedAt: string | null;
  /** The message as it was on the queue; the JSON text of the body when it was not a valid submission. */
  message: SubmissionMessage | string;
  /** Delivery attempts that failed, over all sinks. */
  attempts: number;
  lastError: string;
  /** Sinks that did get it (the others did not). */
  deliveredTo: SinkName[];
  parkedAt: string;
  /** How many times it has been parked (a re-queued submission can come back). */
  timesParked: number;
  /** Set when staff put it back on the queue; it then leaves the list of parked submissions. */
  requeuedAt: string | null;
}
