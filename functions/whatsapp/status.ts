import { appConfig } from '../../platform/config.ts';
import { appwriteSettings, Q, serverClient, type AppwriteClient } from '../../platform/appwrite.ts';
import { COLLECTIONS } from '../../shared/appwrite/schema.ts';
import { createLogger } from '../../shared/log.ts';
import { nextDeliveryState, parseWaStatusFields } from '../../shared/whatsapp/webhook.ts';
import { Deferred } from '../deferred.ts';
import type { Sink } from '../sink.ts';

// Meta's statuses of our messages (docs/decisions/0031): the `wa-status` job moves the `wa_out` activity whose
// messageId is the wamid forward only (sent < delivered < read; failed, with Meta's error, before delivery).
// A status can overtake the wa-out sink's recording of the wamid, so an unknown wamid is looked for again for
// a few minutes, then dropped with a log line (it may be a message another system sent from the number).

const logger = createLogger(console, { source: 'whatsapp' });

/** How long a status for a wamid we do not know is looked for again, and how often. */
export const UNKNOWN_STATUS_PATIENCE_MS = 10 * 60_000;
const LOOK_AGAIN_SECONDS = 30;

/** The server's Appwrite client for a WhatsApp job; a job is never skipped without it (it fails, retried then parked). */
export function jobAppwrite(env: Env, what: string): { client: AppwriteClient; db: string } {
  const settings = appwriteSettings(appConfig(env));
  if (!settings?.apiKey) throw new Error(`${what} needs Appwrite (APPWRITE_ENDPOINT, APPWRITE_PROJECT_ID, APPWRITE_API_KEY).`);
  return { client: serverClient({ ...settings, apiKey: settings.apiKey }), db: settings.databaseId };
}

export const waStatusSink: Sink = {
  name: 'wa-status',
  accepts: (kind) => kind === 'wa-status',
  idempotent: true,
  async deliver(job, env) {
    const s = parseWaStatusFields(job.fields);
    if (!s) throw new Error('The wa-status job is not a readable status (shared/whatsapp/webhook.ts).');
    const { client, db } = jobAppwrite(env, 'A WhatsApp status');
    const found = await client.listDocuments(db, COLLECTIONS.leadActivity, [Q.equal('messageId', s.wamid), Q.equal('type', 'wa_out'), Q.limit(1)]);
    const activity = found.documents[0];
    if (!activity) {
      if (Date.now() - Date.parse(job.submittedAt) < UNKNOWN_STATUS_PATIENCE_MS) throw new Deferred(LOOK_AGAIN_SECONDS, 'No message of ours has this wamid yet.');
      return logger.warn('whatsapp.status_unknown_message', { id: job.id, status: s.status });
    }
    const next = nextDeliveryState(typeof activity.deliveryState === 'string' ? activity.deliveryState : null, s.status);
    if (!next) return logger.info('whatsapp.status_kept', { id: job.id, activityId: activity.$id, state: activity.deliveryState, status: s.status });
    await client.updateDocument(db, COLLECTIONS.leadActivity, activity.$id, {
      deliveryState: next, ...(next === 'failed' ? { deliveryError: s.error ?? 'WhatsApp reported the message as failed.' } : {}),
    });
    logger.info('whatsapp.status', { id: job.id, activityId: activity.$id, state: next });
  },
};
