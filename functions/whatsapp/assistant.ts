import type { Content } from '@google/genai';
import { appConfig, type AppConfig } from '../../platform/config.ts';
import { COLLECTIONS } from '../../shared/appwrite/schema.ts';
import { waitingWords } from '../../shared/admin/waiting.ts';
import { contextContents, type ConversationRpc, type WhatsAppTurnRecord } from '../../shared/chat/conversation.ts';
import type { StoredContent } from '../../shared/chat/exchange.ts';
import { asksForPerson } from '../../shared/chat/live.ts';
import { localReply } from '../../shared/chat/local.ts';
import type { ToolContext } from '../../shared/chat/tools.ts';
import { sha256Hex } from '../../shared/hex.ts';
import { errorText, type Logger } from '../../shared/log.ts';
import { replyByOf, replyBySentence } from '../../shared/replyBy.ts';
import { capturedInquiryFields, capturedRecordFields, handOffMessage, lastLocalAnswer, limitMessage } from '../../shared/whatsapp/assistant.ts';
import type { InboundTurn } from '../../shared/whatsapp/inbound.ts';
import { chosenOption, whatsappText } from '../../shared/whatsapp/plainText.ts';
import { geminiReply } from '../ai/assistant.ts';
import { raiseAlert } from '../alerts/raise.ts';
import { consultationLink, conversationByRef } from '../chat.ts';
import { leadAccess, setWhatsAppHandler } from './handler.ts';
import { queueWhatsApp, waOutJobId } from './outbound.ts';

// The assistant on WhatsApp (docs/decisions/0031, "Assistant and hand-off"). The inbound job has recorded the
// customer's message on the lead; this answers it while no person has the conversation: the web chat's
// assistant (Gemini with the key, the local assistant without) with the same tools, its context the
// conversation object's transcript (never anything the customer's words claim), its answer in WhatsApp's
// plain text. Each customer message is handled once (the object keeps its outcome under the wamid) and
// answered once (the job id `wa-out:ai:<wamid>`), so a retried `wa-in` job repeats the send at most, never
// the model. A customer who asks for a person is handed over like the web chat's visitor; while they wait
// or a person has the conversation, their messages are kept and nothing is sent.

/** The RateLimiter object of a customer number: a hash of it, so the limiter's name says nothing. */
export const whatsappLimiterName = async (waId: string) => sha256Hex(`whatsapp:${waId}`);

type Limit = { allowed: true; degraded: boolean } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts the message against the customer's `whatsapp` limit. When the limiter cannot be reached the answer
 * still comes, from the local assistant (no cost), and the failure is logged.
 */
async function whatsappLimit(env: Env, log: Logger, waId: string): Promise<Limit> {
  try {
    const r = await env.RATE_LIMITER.getByName(await whatsappLimiterName(waId)).hit('whatsapp');
    return r.allowed ? { allowed: true, degraded: false } : { allowed: false, retryAfterSeconds: r.retryAfterSeconds };
  } catch (err) {
    log.error('rate_limiter.unavailable', { limit: 'whatsapp', outcome: 'local assistant', error: errorText(err) });
    return { allowed: true, degraded: true };
  }
}

/** The lead tool on WhatsApp: the conversation is a lead already, so the details fill it in (one lead per conversation). */
function toolContext(env: Env, log: Logger, config: AppConfig, turn: InboundTurn): ToolContext {
  return {
    booking: consultationLink(config),
    submitLead: async (lead) => {
      const { client, databaseId, leads } = leadAccess(env);
      const current = await leads.lead(turn.leadId);
      await client.updateDocument(databaseId, COLLECTIONS.inquiries, turn.leadId, capturedInquiryFields(lead, typeof current.searchText === 'string' ? current.searchText : ''));
      // The lead's own WhatsApp record, when the conversation started it (a carried-over chat's lead has none).
      const record = await leads.get(COLLECTIONS.whatsappConversations, turn.leadId);
      if (record) await client.updateDocument(databaseId, COLLECTIONS.whatsappConversations, turn.leadId, capturedRecordFields(lead));
      log.info('whatsapp.lead_details', { leadId: turn.leadId });
      return { status: 'filed', id: turn.leadId };
    },
  };
}

const modelTurn = (text: string): StoredContent => ({ role: 'model', parts: [{ text }] });

/** The assistant's answer to `text` and what to keep of it; answer null: nothing to send (a blocked answer). */
async function assistantAnswer(env: Env, log: Logger, config: AppConfig, room: ConversationRpc, turn: InboundTurn, text: string, useGemini: boolean) {
  const ctx = toolContext(env, log, config, turn);
  const links = { site: config.SITE_URL };
  if (!useGemini || !config.GEMINI_API_KEY) {
    const answer = whatsappText(localReply([{ role: 'user', text }], ctx), links);
    return { source: 'local' as const, kept: [modelTurn(answer)], answer };
  }
  const context = contextContents((await room.history()) ?? [], text) as Content[];
  const settings = { apiKey: config.GEMINI_API_KEY, model: config.GEMINI_MODEL, baseUrl: config.GEMINI_BASE_URL };
  const result = await geminiReply(context, settings, config.ASSISTANT_NAME, ctx);
  const reply = result.result.reply;
  return { source: 'gemini' as const, kept: (result.added ?? []) as StoredContent[], answer: reply ? whatsappText(reply, links) : null };
}

/** When the team promises to answer: the lead's promise while it runs, else a day from this message. */
async function promiseSentence(env: Env, turn: InboundTurn): Promise<string | null> {
  const lead = await leadAccess(env).leads.lead(turn.leadId);
  const leadPromise = typeof lead.receivedAt === 'string' ? replyByOf(lead.receivedAt) : '';
  const by = Date.parse(leadPromise) > Date.now() && !lead.firstResponseAt ? leadPromise : replyByOf(turn.at);
  return replyBySentence(by, null);
}

/** Decides how to handle a message not handled before, and keeps it with its outcome (once per wamid). */
async function handle(env: Env, log: Logger, room: ConversationRpc, turn: InboundTurn): Promise<WhatsAppTurnRecord> {
  const config = appConfig(env);
  const text = chosenOption(turn.text.trim(), lastLocalAnswer(await room.history(1)));
  const at = new Date().toISOString();
  const customer: StoredContent = { role: 'user', parts: [{ text }] };
  const keep = (source: 'gemini' | 'local', contents: StoredContent[], outcome: WhatsAppTurnRecord) =>
    room.recordWhatsAppTurn(turn.wamid, { at, source, contents: [customer, ...contents] }, outcome, turn.leadId);

  // A person has it, or was asked for: their words are for that person.
  if (turn.handler !== 'assistant') return keep('local', [], { answer: null });
  if (asksForPerson(text)) {
    const answer = handOffMessage(await promiseSentence(env, turn));
    return keep('local', [modelTurn(answer)], { answer, handOff: true });
  }
  const limit = await whatsappLimit(env, log, turn.waId);
  if (!limit.allowed) {
    const notice = await room.whatsappLimitNotice(Date.now() + limit.retryAfterSeconds * 1000);
    log.info('whatsapp.limited', { leadId: turn.leadId, notice });
    return keep('local', [], { answer: notice ? limitMessage(limit.retryAfterSeconds) : null });
  }
  const { source, kept, answer } = await assistantAnswer(env, log, config, room, turn, text, !limit.degraded);
  return keep(source, kept, { answer });
}

/** The hand-off (again, after a retry: each step is safe to repeat): waiting, on the alert and the push. */
async function waitForPerson(env: Env, log: Logger, room: ConversationRpc, turn: InboundTurn): Promise<void> {
  // A person who took the conversation meanwhile keeps it.
  if ((await room.whatsappHandler())?.handler === 'staff') return;
  const { record, conversationRef } = await setWhatsAppHandler(env, turn.leadId, 'waiting', null, turn.conversationRef);
  if (record.handler !== 'waiting') return;
  await raiseAlert(env, log, {
    kind: 'visitor_waiting', key: `${conversationRef}:${record.since}`, leadId: turn.leadId, conversationRef,
    userId: null, who: turn.profileName, words: waitingWords(await room.transcript()), at: record.since,
  });
  log.info('whatsapp.waiting', { leadId: turn.leadId });
}

export async function answerOnWhatsApp(env: Env, log: Logger, turn: InboundTurn): Promise<void> {
  if (!turn.text.trim()) return;
  const room = conversationByRef(env, turn.conversationRef);
  if (!room) {
    log.error('whatsapp.no_conversation', { leadId: turn.leadId });
    return;
  }
  const outcome = (await room.whatsappTurn(turn.wamid)) ?? (await handle(env, log, room, turn));
  if (outcome.handOff) await waitForPerson(env, log, room, turn);
  if (!outcome.answer) return;
  const config = appConfig(env);
  await queueWhatsApp(env, log, {
    sender: 'assistant', to: turn.waId, content: { type: 'text', text: outcome.answer }, leadId: turn.leadId, byId: null, byName: config.ASSISTANT_NAME,
  }, waOutJobId('ai', turn.wamid));
}
