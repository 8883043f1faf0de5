import { Hono, type Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { Content } from '@google/genai';
import {
  chatRequestSchema, leadSubmissionSchema, pricingSubmissionSchema, requestText, type ChatResponse, type ChatStreamEvent, type ChatSubmissionAccepted,
} from '../shared/chat/api.ts';
import {
  contextContents, isConversationRef, newConversationId, type ConversationAccess, type ConversationRpc,
} from '../shared/chat/conversation.ts';
import type { Exchange, StoredContent } from '../shared/chat/exchange.ts';
import { estimatePrice, tableTypeForChoice } from '../shared/chat/estimate.ts';
import { localReply } from '../shared/chat/local.ts';
import { chatMessages } from '../shared/chat/messages.ts';
import { chatText } from '../shared/chat/text.ts';
import { aiLeadQueueFields, languageQueueField, leadQueueFields, pricingQueueFields, type LeadConversation } from '../shared/chat/submissions.ts';
import type { Locale } from '../shared/i18n/locale.ts';
// The French catalogs: the local assistant and the tools answer a French page in French (docs/decisions/0032).
import '../shared/i18n/allCatalogs.ts';
import type { LiveState } from '../shared/chat/live.ts';
import type { ToolContext } from '../shared/chat/tools.ts';
import { errorText } from '../shared/log.ts';
import { kindInSentence } from '../shared/submissionKinds.ts';
import type { AppConfig } from '../platform/config.ts';
import type { AppEnv } from './env.ts';
import { apiError, notStored } from './errors.ts';
import { ackFields } from './promise/ack.ts';
import { enqueueSubmission } from './submissions.ts';
import { replyByOf } from '../shared/replyBy.ts';
import { jsonOnly, validate } from './validate.ts';
import { geminiReply } from './ai/assistant.ts';
import { checkLimit } from './rateLimit.ts';

// POST /api/chat: the assistant's answer to the visitor's new message (Gemini with the key, the local
// assistant without), in the visitor's conversation (a Conversation Durable Object, docs/decisions/0011).
// Gemini's answer streams as Server-Sent Events when the client asks for them (Accept: text/event-stream,
// ChatStreamEvent in shared/chat/api.ts), else it comes whole as JSON; the local assistant's always does.
// POST /api/chat/lead and /api/chat/pricing: the completed lead and pricing flows, put on the submissions
// queue like the forms (docs/decisions/0004). Rate limits are applied in api.ts.
type Ctx = Context<AppEnv>;

/** The Conversation object named `id` (durable/Conversation.ts), through its RPC interface. */
export const conversationStub = (env: Env, id: string) => env.CONVERSATION.getByName(id) as unknown as ConversationRpc;

/**
 * The conversation's reference, what staff, records and the CSV carry instead of its id (docs/decisions/0021):
 * the object's own id, which reaches it but cannot be turned back into the id that, with the key, opens it.
 */
export const conversationRef = (env: Env, id: string) => env.CONVERSATION.idFromName(id).toString();

/** The Conversation object a reference names; null when it is not one of this namespace's. */
export function conversationByRef(env: Env, ref: string): ConversationRpc | null {
  if (!isConversationRef(ref)) return null;
  try {
    return env.CONVERSATION.get(env.CONVERSATION.idFromString(ref)) as unknown as ConversationRpc;
  } catch {
    return null;
  }
}

/** Erasure (functions/admin/leadErasure.ts): the conversation a record names goes, sockets, alarm and all. */
export async function eraseConversation(env: Env, ref: string): Promise<boolean> {
  const stub = conversationByRef(env, ref);
  if (!stub) return false;
  await stub.erase();
  return true;
}

/** The consultation: the scheduling page when configured, else the site's own /booking page (its request form). */
export const consultationLink = (config: AppConfig): ToolContext['booking'] =>
  config.BOOKING_URL ? { url: config.BOOKING_URL, external: true } : { url: '/booking', external: false };

/**
 * The lead tool of one conversation (docs/decisions/0011): the Conversation object decides whether its lead
 * is already recorded; a new one counts against the visitor's generic API limit, like the flows' leads, and
 * goes on the queue under the submission id the object keeps for it, with the conversation's id and
 * transcript, so staff read the conversation on the lead and an erasure finds the object.
 */
function toolContext(c: Ctx, config: AppConfig, conversation: { id: string; stub: ConversationRpc }, text: string, language: Locale): ToolContext {
  const stub = conversation.stub;
  return {
    booking: consultationLink(config),
    locale: language,
    submitLead: async (lead) => {
      const claim = await stub.claimLead();
      if (claim.status === 'recorded') {
        c.var.log.info('chat.lead_already_recorded', { id: claim.id });
        return { status: 'recorded' };
      }
      try {
        const limited = await apiLimit(c);
        if (limited) {
          await stub.leadFailed(claim.id);
          return { status: 'limited', retryAfterSeconds: limited };
        }
        // The transcript is the object's, never the client's; this message is not kept until the answer
        // is complete, so it is added here.
        const now = new Date().toISOString();
        const transcript = [...await stub.transcript(), { id: 'new', from: 'visitor' as const, text, at: now }];
        const fields = { ...aiLeadQueueFields(lead, now, { ref: conversationRef(c.env, conversation.id), transcript }), ...languageQueueField(language) };
        await enqueueSubmission(c.env, c.var.log, 'lead', { ...fields, ...(await ackFields(c, lead.email)) }, claim.id, now);
      } catch (err) {
        await stub.leadFailed(claim.id);
        throw err;
      }
      await stub.leadFiled(claim.id);
      return { status: 'filed', id: claim.id };
    },
  };
}

/**
 * Counts one request against the visitor's generic API limit (functions/rateLimit.ts, which fails open for
 * it like the middleware); the seconds to wait when over it, else 0.
 */
async function apiLimit(c: Ctx): Promise<number> {
  const check = await checkLimit(c.env, c.req.raw, 'api', c.var.log);
  return check.allowed ? 0 : check.retryAfterSeconds;
}

/** The client asked for the answer as a stream of events. */
const wantsStream = (c: Ctx) => /\btext\/event-stream\b/i.test(c.req.header('Accept') ?? '');

/** A conversation the caller named: 'none' when there is no such conversation, 'forbidden' without its key. */
export async function conversationAccess(env: Env, id: string, key: string | undefined): Promise<ConversationAccess> {
  return conversationStub(env, id).open(key);
}

/** An open conversation; `key` only when this request started it (the answer gives it to the browser). */
export interface OpenConversation {
  id: string;
  key?: string;
  stub: ConversationRpc;
  history: Exchange[];
  live: LiveState | null;
}

/**
 * The visitor's conversation: the one named by the id the client sent when this server started it, with
 * its key (docs/decisions/0021), else a new one under a new id and key. An id that names no conversation
 * (made up, deleted after its retention, or started before keys) starts a new conversation: a client never
 * picks the id. A conversation that exists is refused ('forbidden') without its key: knowing the id is
 * not enough to read, continue or hand off someone's conversation.
 */
export async function openConversation(env: Env, requested: string | undefined, key: string | undefined, language: Locale = 'en'): Promise<OpenConversation | 'forbidden'> {
  if (requested) {
    const access = await conversationAccess(env, requested, key);
    if (access.status === 'forbidden') return 'forbidden';
    if (access.status === 'open') return { id: requested, stub: conversationStub(env, requested), history: access.history, live: access.live };
  }
  const id = newConversationId();
  const fresh = newConversationId();
  const stub = conversationStub(env, id);
  await stub.begin(fresh, language);
  return { id, key: fresh, stub, history: [], live: null };
}

/** 403 for a conversation named without its key. */
export const conversationForbidden = (c: Context<AppEnv>, language: Locale) =>
  apiError(c, 403, 'forbidden', chatText(language).conversationForbidden, {}, { 'Cache-Control': 'no-store' });

export const chat = new Hono<AppEnv>()
  .post('/', jsonOnly, validate('json', chatRequestSchema), async (c) => {
    const input = c.req.valid('json');
    const text = requestText(input);
    const config = c.var.config;
    let opened: Awaited<ReturnType<typeof openConversation>>;
    try {
      opened = await openConversation(c.env, input.conversationId, input.conversationKey, input.language);
    } catch (err) {
      // Our fault, not the visitor's: a clear message and a moment to wait, never a 500.
      c.var.log.error('conversation.unavailable', { alert: true, error: errorText(err) });
      return apiError(c, 503, 'unavailable', chatMessages.aiHiccup, {}, { 'Cache-Control': 'no-store' });
    }
    if (opened === 'forbidden') return conversationForbidden(c, input.language);
    const conversation = opened;
    const headers = { 'Cache-Control': 'no-store' };
    // What the answer says about the conversation: its id, and its key when this message started it.
    const named = { conversationId: conversation.id, ...(conversation.key ? { conversationKey: conversation.key } : {}) };
    // A person has the conversation (docs/decisions/0019): the AI answering too would talk over them.
    if (conversation.live === 'waiting' || conversation.live === 'live') return apiError(c, 409, 'live_chat', chatText(input.language).withPerson, {}, headers);
    // The page's language picks the words of this answer (the conversation keeps the one it started in, for its lead).
    const language = input.language;
    const ctx = toolContext(c, config, conversation, text, language);
    const visitor: StoredContent = { role: 'user', parts: [{ text }] };
    const keep = (source: Exchange['source'], contents: StoredContent[]) =>
      conversation.stub.append({ at: new Date().toISOString(), source, contents: [visitor, ...contents] });

    if (!config.GEMINI_API_KEY) {
      const reply = localReply([{ role: 'user', text }], ctx, language);
      await keep('local', [{ role: 'model', parts: [{ text: reply.text }] }]);
      return c.json<ChatResponse, 200>({ reply, source: 'local', ...named }, 200, headers);
    }
    // The model reads only what this server wrote: the conversation's own exchanges and the new message.
    const context = contextContents(conversation.history, text) as Content[];
    const settings = { apiKey: config.GEMINI_API_KEY, model: config.GEMINI_MODEL, baseUrl: config.GEMINI_BASE_URL };
    if (!wantsStream(c)) {
      const turn = await geminiReply(context, settings, config.ASSISTANT_NAME, ctx, c.req.raw.signal, undefined, language);
      if (turn.added) await keep('gemini', turn.added as StoredContent[]);
      return c.json<ChatResponse, 200>({ ...turn.result, ...named }, 200, headers);
    }
    // The stream: the text as it comes, then the answer (or the error). The exchange is kept only once it is
    // complete; a client that goes away (Clear, Close) cancels the model's request and nothing is kept.
    const res = streamSSE(c, async (stream) => {
      const gone = new AbortController();
      stream.onAbort(() => gone.abort());
      const send = (e: ChatStreamEvent) => stream.writeSSE({ event: e.event, data: JSON.stringify(e.data) });
      let streamed = false;
      const turn = await geminiReply(context, settings, config.ASSISTANT_NAME, ctx, AbortSignal.any([gone.signal, c.req.raw.signal]), (delta) => {
        streamed = true;
        return send({ event: 'delta', data: { text: delta } });
      }, language);
      if (gone.signal.aborted || c.req.raw.signal.aborted) {
        c.var.log.info('chat.stream_cancelled', {});
        return;
      }
      try {
        if (turn.added) await keep('gemini', turn.added as StoredContent[]);
      } catch (err) {
        // The visitor already has the words: the answer still ends properly; only the record is missing.
        c.var.log.error('conversation.not_kept', { alert: true, error: errorText(err) });
      }
      if (turn.result.error && streamed) {
        // Broken off midway: the visitor keeps what came and reads that the connection failed.
        await send({ event: 'error', data: { error: 'network', message: chatMessages.aiNetwork, ...named } });
        return;
      }
      await send({ event: 'done', data: { ...turn.result, ...named } });
    });
    res.headers.set('Cache-Control', 'no-store');
    return res;
  })
  .post('/lead', jsonOnly, validate('json', leadSubmissionSchema), async (c) => {
    const { conversationId, conversationKey, language: pageLanguage, ...input } = c.req.valid('json');
    try {
      // The conversation the lead came from, as the server kept it, for its browser only (docs/decisions/0021).
      let conversation: LeadConversation | undefined;
      let language = pageLanguage;
      if (conversationId) {
        const access = await conversationAccess(c.env, conversationId, conversationKey);
        if (access.status === 'forbidden') return conversationForbidden(c, pageLanguage);
        if (access.status === 'open') {
          const stub = conversationStub(c.env, conversationId);
          conversation = { ref: conversationRef(c.env, conversationId), transcript: await stub.transcript() };
          language = await stub.language();
        }
      }
      const receivedAt = new Date().toISOString();
      const fields = { ...leadQueueFields(input, receivedAt, conversation), ...languageQueueField(language) };
      const id = await enqueueSubmission(c.env, c.var.log, 'lead', { ...fields, ...(await ackFields(c, input.email)) }, input.id, receivedAt);
      return c.json<ChatSubmissionAccepted, 202>({ id, replyBy: replyByOf(receivedAt) }, 202);
    } catch {
      return notStored(c, 'details');
    }
  })
  .post('/pricing', jsonOnly, validate('json', pricingSubmissionSchema), async (c) => {
    const { language, ...r } = c.req.valid('json');
    const out = estimatePrice({ projectType: tableTypeForChoice(r.projectType, r.numberOfPages), features: r.features });
    if (!out.ok) return apiError(c, 422, 'validation', out.error);
    try {
      const receivedAt = new Date().toISOString();
      const id = await enqueueSubmission(c.env, c.var.log, 'pricing', { ...pricingQueueFields(r, out.estimate, receivedAt), ...languageQueueField(language), ...(await ackFields(c, r.email)) }, r.id, receivedAt);
      return c.json<ChatSubmissionAccepted, 202>({ id, estimate: out.estimate, replyBy: replyByOf(receivedAt) }, 202);
    } catch {
      return notStored(c, kindInSentence('pricing'));
    }
  });
