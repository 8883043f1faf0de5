import { errorText, type Logger } from '../shared/log.ts';
import type { SinkName, SubmissionMessage } from '../shared/submission.ts';

// What a queue consumer's delivery target is (functions/delivery.ts runs them; docs/decisions/0004, 0022).

/**
 * A failed attempt that may have reached the target anyway (a timeout, a connection broken before the
 * answer): the ledger keeps it apart from a clean refusal, and the next attempt is a resend.
 */
export class OutcomeUnknown extends Error {
  override name = 'OutcomeUnknown';
}

/** What the sink knows of this attempt: `resend`, an earlier attempt's outcome is unknown (docs/decisions/0022). */
export interface DeliveryAttempt {
  resend: boolean;
}

/** A delivery target. deliver() resolves once the target has the submission and throws otherwise. */
export interface Sink {
  name: SinkName;
  /**
   * True when the target takes an idempotency key (Appwrite: the submission id is the document id), so a
   * resend after an unknown outcome cannot make a copy. Otherwise a resend is marked as one.
   */
  idempotent?: boolean;
  /**
   * False when the target is not configured at all: the sink is then skipped (not claimed, not recorded as
   * delivered, not waited for before a dead letter counts as delivered). Absent: always enabled.
   */
  enabled?(env: Env): boolean;
  /**
   * The kinds this sink takes. Absent: visitor submissions, i.e. every kind but the Worker's own jobs
   * (shared/submission.ts JOB_KINDS), each of which has sinks of its own.
   */
  accepts?(kind: string): boolean;
  deliver(message: SubmissionMessage, env: Env, attempt?: DeliveryAttempt): Promise<void>;
}

/**
 * A write on the lead after a message was sent (its delivery state, the clock): logged as `<event>` when it
 * fails, never a reason to send again (the mail and WhatsApp sinks).
 */
export async function recordAfterSend(logger: Logger, event: string, id: string, what: string, write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (err) {
    logger.error(event, { alert: true, id, what, error: errorText(err) });
  }
}
