import { AppwriteApiError, Q, type AppwriteClient, type AppwriteDocument } from '../../platform/appwrite.ts';
import { activityDocument, inquirySearchText, inquirySummary, oneLine } from '../../shared/admin/inquiry.ts';
import { COLLECTIONS } from '../../shared/appwrite/schema.ts';
import { encodeTranscript } from '../../shared/chat/transcript.ts';
import { createLogger, errorText } from '../../shared/log.ts';
import { isWaHandler, type InboundTurn } from '../../shared/whatsapp/inbound.ts';
import { inboundWords, waConversationName, waInActivityId, waTranscript } from '../../shared/whatsapp/matching.ts';
import { parseWaInFields, type WaInMessage } from '../../shared/whatsapp/webhook.ts';
import { raiseAlert } from '../alerts/raise.ts';
import type { Sink } from '../sink.ts';
import { answerOnWhatsApp } from './assistant.ts';
import { matchLead } from './match.ts';
import { jobAppwrite } from './status.ts';
import { keepInboundMedia } from './media.ts';

// A customer's WhatsApp message (docs/decisions/0031, "Inbound"): the `wa-in` job the webhook queued, delivered
// once per wamid by the ledger, and every step fixed by the wamid so a retry repeats none: the lead (matched or
// started), the `wa_in` activity, the inquiry's WhatsApp fields and reply clock, the lead's transcript, the
// staff alert, then the assistant's turn.

const logger = createLogger(console, { source: 'whatsapp' });

const later = (stored: unknown, at: string) => typeof stored !== 'string' || Date.parse(at) > Date.parse(stored);
const text = (v: unknown) => (typeof v === 'string' && v ? v : null);

/** The activity of this message (once); on a retry the stored one, whose words the media step already made. */
async function fileMessage(env: Env, client: AppwriteClient, db: string, leadId: string, m: WaInMessage): Promise<{ activityId: string; words: string }> {
  const activityId = await waInActivityId(m.wamid);
  const stored = await client.findDocument(db, COLLECTIONS.leadActivity, activityId);
  if (stored) return { activityId, words: text(stored.text) ?? '' };
  const kept = m.media ? await keepInboundMedia(env, logger, leadId, m.wamid, m.media) : null;
  const words = inboundWords(m, kept?.transcript ?? null);
  const doc = activityDocument({
    documentId: activityId, leadId, type: 'wa_in', at: m.at, text: words, from: m.waId, messageId: m.wamid, attachments: kept?.attachments ?? null,
  });
  try {
    await client.createDocument(db, COLLECTIONS.leadActivity, activityId, { ...doc.data }, []);
  } catch (err) {
    // The same message filed by another copy of the job at the same moment.
    if (!(err instanceof AppwriteApiError && err.status === 409)) throw err;
  }
  return { activityId, words };
}

/**
 * A WhatsApp lead's record keeps its transcript (so the inbox's summary, search and CSV show the words), made
 * from its activities: every copy of every message writes the same, whatever the order they ran in.
 */
async function rewriteTranscript(client: AppwriteClient, db: string, lead: AppwriteDocument, waId: string): Promise<void> {
  if (lead.kind !== 'whatsapp') return;
  const activities = await client.listDocuments(db, COLLECTIONS.leadActivity, [Q.equal('leadId', lead.$id), Q.equalAny('type', ['wa_in', 'wa_out']), Q.orderAsc('at'), Q.limit(500)]);
  const messages = encodeTranscript(waTranscript(activities.documents), 20_000);
  await client.updateDocument(db, COLLECTIONS.whatsappConversations, lead.$id, { messages });
  const fields = { name: text(lead.name) ?? undefined, messages };
  await client.updateDocument(db, COLLECTIONS.inquiries, lead.$id, {
    summary: inquirySummary('whatsapp', fields),
    searchText: `${inquirySearchText('whatsapp', fields)} | ${waId}`.slice(0, 8000),
  });
}

/** The `wa-in` sink. `recordLead` writes a new lead like every kind's (the Appwrite sink, functions/delivery.ts). */
export const waInSink = (recordLead: Sink): Sink => ({
  name: 'wa-in',
  accepts: (kind) => kind === 'wa-in',
  idempotent: true,
  // Always enabled: without Appwrite the job fails (retried, then parked for staff) instead of being lost.
  async deliver(job, env) {
    const m = parseWaInFields(job.fields);
    if (!m) throw new Error('The wa-in job is not a readable WhatsApp message (shared/whatsapp/webhook.ts): it is kept as it came.');
    const { client, db } = jobAppwrite(env, 'Filing a WhatsApp message on a lead');
    const matched = await matchLead({ env, client, db, recordLead: (s) => recordLead.deliver(s, env) }, m);
    const lead = matched.lead;
    const { activityId, words } = await fileMessage(env, client, db, lead.$id, m);

    const handler = isWaHandler(lead.waHandler) ? lead.waHandler : 'assistant';
    // A lead without a conversation yet (one of another kind) gets the WhatsApp one of its own.
    const conversationRef = text(lead.conversationRef) ?? matched.conversationRef ?? env.CONVERSATION.idFromName(waConversationName(lead.$id)).toString();
    await client.updateDocument(db, COLLECTIONS.inquiries, lead.$id, {
      waId: m.waId, waHandler: handler,
      ...(lead.conversationRef ? {} : { conversationRef }),
      ...(later(lead.waLastInboundAt, m.at) ? { waLastInboundAt: m.at } : {}),
      ...(later(lead.lastInboundAt, m.at) ? { lastInboundAt: m.at } : {}),
    });
    await rewriteTranscript(client, db, lead, m.waId);
    // A new lead's alert was raised with its record (new_lead); an existing lead's assignee hears of the reply.
    if (!matched.isNew) {
      await raiseAlert(env, logger, {
        kind: 'prospect_reply', key: activityId, leadId: lead.$id, conversationRef,
        userId: text(lead.assigneeId), who: text(lead.name) ?? m.profileName, words: oneLine(words || '(WhatsApp message)', 120), at: m.at,
      });
    }
    logger.info('whatsapp.inbound_filed', { leadId: lead.$id, activityId, kind: m.kind, isNewLead: matched.isNew });
    const turn: InboundTurn = {
      leadId: lead.$id, waId: m.waId, profileName: m.profileName, conversationRef, wamid: m.wamid, at: m.at, kind: m.kind,
      text: words && m.kind !== 'text' && m.kind !== 'button' && m.kind !== 'list' ? words : m.text, payload: m.payload,
      activityId, isNewLead: matched.isNew, handler,
    };
    try {
      await answerOnWhatsApp(env, logger, turn);
    } catch (err) {
      // Retried with the job: every step above finds itself done, and the answer's job id keeps it once.
      logger.error('whatsapp.assistant_failed', { leadId: lead.$id, activityId, error: errorText(err) });
      throw err;
    }
  },
});
