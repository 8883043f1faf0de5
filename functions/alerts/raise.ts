import { alertEventFields, alertEventJobId, type AlertEvent } from '../../shared/alerts.ts';
import { errorText, type Logger } from '../../shared/log.ts';
import type { SubmissionMessage } from '../../shared/submission.ts';
import { enqueueSubmission, submissionMessage } from '../submissions.ts';

// The one way an alert starts (docs/decisions/0028): the event goes on the queue as an `alert-event` job
// under an id fixed by the event, so raising it twice (a retried request, a redelivered message) makes one
// job, and the ledger delivers each person's alert once.

/**
 * Queues the event. Never throws: an alert is a consequence of something already stored (a lead, a live
 * request), which must not fail because of it; a queue failure is logged as an alert event of its own.
 */
export async function raiseAlert(env: Pick<Env, 'SUBMISSIONS'>, log: Logger, event: AlertEvent): Promise<void> {
  try {
    await enqueueSubmission(env, log, 'alert-event', alertEventFields(event), alertEventJobId(event));
  } catch (err) {
    log.error('alert.raise_failed', { alert: true, kind: event.kind, leadId: event.leadId, error: errorText(err) });
  }
}

/** The event's queue job, the one raiseAlert queues (for delivering it at once: functions/sinkRun.ts deliverNow). */
export const alertEventMessage = (event: AlertEvent): SubmissionMessage =>
  submissionMessage('alert-event', alertEventFields(event), alertEventJobId(event));
