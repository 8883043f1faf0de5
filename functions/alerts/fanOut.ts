import { alertEventFields, alertJobId, parseAlertEventFields } from '../../shared/alerts.ts';
import { recipients } from '../../shared/alerts/settings.ts';
import { createLogger } from '../../shared/log.ts';
import type { Sink } from '../sink.ts';
import { deliverNow } from '../sinkRun.ts';
import { enqueueSubmission, submissionMessage } from '../submissions.ts';
import { alertSink } from './deliver.ts';
import { alertsEnabled, alertStoreOf } from './store.ts';

// The `alert-event` job (docs/decisions/0028): who wants this event, each of them one `alert` job under an
// id fixed by the event and the person (shared/alerts.ts alertJobId). A redelivered event, or one raised
// twice, makes the same jobs again, which the ledger then delivers once each. Each job is queued, then
// delivered here and now (deliverNow): a push without another queue hop, the queued copy as the safety net.

const log = createLogger(console, { source: 'alerts' });

export const alertFanOutSink: Sink = {
  name: 'alert-fan-out',
  idempotent: true,
  enabled: alertsEnabled,
  accepts: (kind) => kind === 'alert-event',
  async deliver(m, env) {
    const event = parseAlertEventFields(m.fields);
    if (!event) throw new Error('The alert event is not readable.');
    const staff = await alertStoreOf(env).staff();
    const people = recipients(event, staff);
    const jobs = people.map((userId) => submissionMessage('alert', { ...alertEventFields(event), to: userId }, alertJobId(event, userId)));
    for (const job of jobs) await enqueueSubmission(env, log, job.kind, job.fields, job.id);
    await Promise.all(jobs.map((job) => deliverNow(env, job, [alertSink])));
    log.info('alert.fanned_out', { kind: event.kind, leadId: event.leadId, recipients: people.length });
  },
};
