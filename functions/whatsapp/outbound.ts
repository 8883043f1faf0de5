import { appConfig } from '../../platform/config.ts';
import { appwriteSettings, AppwriteApiError, serverClient } from '../../platform/appwrite.ts';
import { activityDocument } from '../../shared/admin/inquiry.ts';
import { COLLECTIONS } from '../../shared/appwrite/schema.ts';
import { sha256Hex } from '../../shared/hex.ts';
import { errorText, type Logger } from '../../shared/log.ts';
import { waOutFields, WA_OUT_KIND, type OutgoingWhatsApp } from '../../shared/whatsapp/outgoing.ts';
import { LeadStore } from '../admin/leadStore.ts';
import { deliverNow } from '../sinkRun.ts';
import { enqueueSubmission, submissionMessage } from '../submissions.ts';
import { whatsappSink } from './sink.ts';

// The one way the Worker sends a WhatsApp message (docs/decisions/0031): its `wa_out` activity on the lead
// (queued, under an id fixed by the job's), then one `wa-out` job on the submissions queue under the caller's
// job id (retried, parked on /admin/deliveries, never twice), then delivered at once without waiting for the
// queue (deliverNow: the same ledger claim, so the queued copy finds it done). A second call with the same job
// id changes nothing.

/** A job id: `wa-out:` then what fixes it (`staff:<lead>:<composer id>`, `ai:<inbound wamid>`). */
export const waOutJobId = (...parts: string[]) => `wa-out:${parts.join(':')}`.slice(0, 160);

/** The `wa_out` activity of a job: one per job, whatever the number of attempts (an Appwrite id, 36 characters). */
export const waOutActivityId = async (jobId: string) => `wao-${(await sha256Hex(jobId)).slice(0, 32)}`;

export interface QueuedWhatsApp {
  jobId: string;
  activityId: string | null;
}

/**
 * Records and queues one message. `message.activityId` is ignored: the activity is the job's. Throws when the
 * job could not be queued (the activity it made is then removed: nothing half-written).
 */
export async function queueWhatsApp(env: Env, log: Logger, message: Omit<OutgoingWhatsApp, 'activityId'>, jobId: string): Promise<QueuedWhatsApp> {
  const settings = appwriteSettings(appConfig(env));
  const client = settings?.apiKey && message.leadId ? serverClient({ ...settings, apiKey: settings.apiKey }) : null;
  const activityId = client ? await waOutActivityId(jobId) : null;
  let created = false;
  if (client && settings && activityId && message.leadId) {
    const doc = activityDocument({
      documentId: activityId, leadId: message.leadId, type: 'wa_out', at: new Date().toISOString(),
      actor: message.byId && message.byName ? { id: message.byId, name: message.byName } : null,
      text: message.content.text, to: message.to, deliveryState: 'queued',
      waTemplate: message.content.type === 'template' ? `${message.content.name}/${message.content.language}` : null,
    });
    try {
      await client.createDocument(settings.databaseId, COLLECTIONS.leadActivity, activityId, { ...doc.data }, []);
      created = true;
    } catch (err) {
      // 409: this job's activity exists (a retry of the same call); the job id keeps the send once.
      if (!(err instanceof AppwriteApiError && err.status === 409)) throw err;
    }
  }
  const fields = waOutFields({ ...message, activityId });
  try {
    await enqueueSubmission(env, log, WA_OUT_KIND, fields, jobId);
  } catch (err) {
    if (created && client && settings && activityId) {
      await new LeadStore(client, settings.databaseId).remove(COLLECTIONS.leadActivity, activityId)
        .catch((e) => log.error('whatsapp.unrecord_failed', { jobId, activityId, error: errorText(e) }));
    }
    throw err;
  }
  await deliverNow(env, submissionMessage(WA_OUT_KIND, fields, jobId), [whatsappSink]);
  return { jobId, activityId };
}
