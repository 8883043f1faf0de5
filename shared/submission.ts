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

/** What the ledger keys a submission by: ids come from the client, so the kind is part of the key. */
export type SubmissionRef = Pick<SubmissionMessage, 'kind' | 'id'>;

/**
 * Structural check of a message taken off a queue. Fields are deliberately not re-validated against the
 * form schema: a message accepted under yesterday's rules must still be delivered today.
 */
export function parseSubmissionMessage(body: unknown): SubmissionMessage | null {
  if (!body || typeof body !== 'object') return null;
  const m = body as Partial<SubmissionMessage>;
  if (m.v !== 1 || !isUniqueId(m.id) || typeof m.kind !== 'string' || !m.kind || typeof m.submittedAt !== 'string') return null;
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
