import { uniqueId } from '../shared/id.ts';
import { errorText, type Logger } from '../shared/log.ts';
import type { SubmissionMessage } from '../shared/submission.ts';

// The one way a submission enters the system (docs/decisions/0004): the forms, the chat's lead and pricing
// flows and the AI lead tool all put it on the SUBMISSIONS queue here, and answer only once it is there.

/**
 * Puts one submission on the queue under `id` (a new one when absent) and logs it; answers the id.
 * Throws (after logging `submission.queue_failed`) when the queue refuses it: nothing was stored.
 */
export async function enqueueSubmission(
  env: Pick<Env, 'SUBMISSIONS'>,
  log: Logger,
  kind: string,
  fields: Record<string, string>,
  id: string = uniqueId(),
  /** When it arrived (the lead's receivedAt, which starts the reply clock); now when absent. */
  submittedAt: string = new Date().toISOString(),
): Promise<string> {
  const message = submissionMessage(kind, fields, id, submittedAt);
  try {
    await env.SUBMISSIONS.send(message, { contentType: 'json' });
  } catch (err) {
    log.error('submission.queue_failed', { id, kind, error: errorText(err) });
    throw err;
  }
  log.info('submission.accepted', { id, kind });
  return id;
}

/** The queue message of a job, as enqueueSubmission sends it (and deliverNow takes it). */
export const submissionMessage = (kind: string, fields: Record<string, string>, id: string, submittedAt = new Date().toISOString()): SubmissionMessage =>
  ({ v: 1, id, kind, submittedAt, fields });
