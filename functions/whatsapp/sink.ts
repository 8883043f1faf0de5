import { appConfig, whatsappSettings } from '../../platform/config.ts';
import { appwriteSettings, serverClient } from '../../platform/appwrite.ts';
import { recordReplySent } from '../../platform/leadClock.ts';
import { sendWhatsAppMessage, WhatsAppOutcomeUnknown, WhatsAppRefused, GRAPH_ERRORS } from '../../platform/whatsapp.ts';
import { COLLECTIONS } from '../../shared/appwrite/schema.ts';
import { createLogger, errorText } from '../../shared/log.ts';
import { graphMessage, parseWaOutFields, WA_OUT_KIND, type OutgoingWhatsApp } from '../../shared/whatsapp/outgoing.ts';
import { OutcomeUnknown, recordAfterSend, type Sink } from '../sink.ts';

// WhatsApp out (docs/decisions/0031): a job of kind `wa-out` is handed to the Cloud API once (the ledger's claim
// per (kind, id, sink) makes it once; a redelivered job finds it delivered), then recorded on its lead: the
// `wa_out` activity gets Meta's message id (wamid, which the webhook's statuses name) and its state, and a
// person's reply stops the lead's clock.

const logger = createLogger(console, { source: 'whatsapp' });

/** Told to staff on the activity when a message was sent again after an attempt whose outcome was unknown. */
export const WA_RESENT_NOTE = 'Sent again after an attempt whose outcome was unknown: the customer may have it twice.';

/** What staff read on a refused message, by Meta's code. */
export function refusalText(err: WhatsAppRefused): string {
  if (err.code === GRAPH_ERRORS.outsideWindow) return 'WhatsApp refused it: the 24-hour window has closed, so only a template can be sent (131047).';
  if (err.code === GRAPH_ERRORS.invalidToken) return 'WhatsApp refused it: the access token is invalid or expired (190). An admin must renew WHATSAPP_TOKEN.';
  return `WhatsApp refused it: ${err.message}`;
}

function leadRecords(env: Env, m: OutgoingWhatsApp) {
  const settings = appwriteSettings(appConfig(env));
  if (!settings?.apiKey || !m.activityId) return null;
  const client = serverClient({ ...settings, apiKey: settings.apiKey });
  const db = settings.databaseId;
  const activity = (data: Record<string, unknown>) => client.updateDocument(db, COLLECTIONS.leadActivity, m.activityId!, data);
  return {
    failed: (reason: string) => activity({ deliveryState: 'failed', deliveryError: reason.slice(0, 500) }),
    async sent(wamid: string, at: string, resent: boolean) {
      // A status from the webhook may have come first (delivered, read): never move the state back.
      const doc = await client.findDocument(db, COLLECTIONS.leadActivity, m.activityId!).catch(() => null);
      const later = doc && (doc.deliveryState === 'delivered' || doc.deliveryState === 'read');
      await activity({ messageId: wamid, ...(later ? {} : { deliveryState: 'sent' }), deliveryError: resent ? WA_RESENT_NOTE : null });
      if (m.sender === 'staff' && m.leadId) {
        await recordReplySent(client, db, m.leadId, { at, by: m.byId ?? null, byName: m.byName ?? null, via: 'whatsapp' });
      }
    },
  };
}

const bestEffort = (what: string, id: string, write: () => Promise<unknown>) => recordAfterSend(logger, 'whatsapp.record_failed', id, what, write);

export const whatsappSink: Sink = {
  name: 'whatsapp',
  accepts: (kind) => kind === WA_OUT_KIND,
  // Always enabled: without the configuration a queued job fails (retried, then parked for staff) instead of
  // being skipped, which would count it as done and lose it.
  async deliver(job, env, attempt) {
    const m = parseWaOutFields(job.fields);
    if (!m) throw new Error('The wa-out job is not a readable WhatsApp message (shared/whatsapp/outgoing.ts): it is kept as it came, never guessed at.');
    const settings = whatsappSettings(appConfig(env));
    const lead = leadRecords(env, m);
    if (!settings) {
      const reason = 'WhatsApp is not configured (docs/operations.md §2.7), so nothing can be sent: it waits (retried, then parked) until it is.';
      if (lead) await bestEffort('failed', job.id, () => lead.failed(reason));
      throw new Error(reason);
    }
    let wamid: string;
    try {
      ({ wamid } = await sendWhatsAppMessage(settings, graphMessage(m)));
    } catch (err) {
      const refused = err instanceof WhatsAppRefused;
      const reason = refused ? refusalText(err) : `No answer from WhatsApp (${errorText(err)}); it may have been sent.`;
      if (lead) await bestEffort('failed', job.id, () => lead.failed(reason));
      throw err instanceof WhatsAppOutcomeUnknown ? new OutcomeUnknown(reason) : new Error(reason);
    }
    const resent = attempt?.resend ?? false;
    if (resent) logger.warn('whatsapp.resent', { id: job.id, sender: m.sender, reason: 'unknown_outcome' });
    if (lead) await bestEffort('sent', job.id, () => lead.sent(wamid, new Date().toISOString(), resent));
    logger.info('whatsapp.sent', { id: job.id, sender: m.sender });
  },
};
