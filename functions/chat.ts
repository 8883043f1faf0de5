import { Hono, type Context } from 'hono';
import {
  chatRequestSchema, leadSubmissionSchema, pricingSubmissionSchema, requestText, type ChatResponse, type ChatSubmissionAccepted,
} from '../shared/chat/api.ts';
import { contextContents, newConversationId, type ConversationRpc, type Exchange, type StoredContent } from '../shared/chat/conversation.ts';
import { estimatePrice, tableTypeForChoice } from '../shared/chat/estimate.ts';
import { localReply } from '../shared/chat/local.ts';
import { chatMessages } from '../shared/chat/messages.ts';
import { aiLeadQueueFields, leadQueueFields, pricingQueueFields } from '../shared/chat/submissions.ts';
import type { ToolContext } from '../shared/chat/tools.ts';
import { errorText } from '../shared/log.ts';
import type { AppConfig } from './config.ts';
import type { AppEnv } from './env.ts';
import { apiError, notStored } from './errors.ts';
import { enqueueSubmission } from './submissions.ts';
import { jsonOnly, validate } from './validate.ts';
import { geminiReply } from './ai/assistant.ts';
import type { GeminiContent } from './ai/gemini.ts';
import { fingerprint } from './rateLimit.ts';

// POST /api/chat: the assistant's answer to the visitor's new message (Gemini with the key, the local
// assistant without), in the visitor's conversation (a Conversation Durable Object, docs/decisions/0011).
// POST /api/chat/lead and /api/chat/pricing: the completed lead and pricing flows, put on the submissions
// queue like the forms (docs/decisions/0004). Rate limits are applied in api.ts.
type Ctx = Context<AppEnv>;

/** The Conversation object named `id` (durable/Conversation.ts), through its RPC interface. */
export const conversationStub = (env: Env, id: string) => env.CONVERSATION.getByName(id) as unknown as ConversationRpc;

/**
 * The lead tool of one conversation (docs/decisions/0011): the Conversation object decides whether its lead
 * is already recorded; a new one counts against the visitor's generic API limit, like the flows' leads, and
 * goes on the queue under the submission id the object keeps for it.
 */
function toolContext(c: Ctx, config: AppConfig, conversation: ConversationRpc): ToolContext {
  return {
    // The scheduling page when configured, else the site's own /booking page (its request form).
    booking: config.BOOKING_URL ? { url: config.BOOKING_URL, external: true } : { url: '/booking', external: false },
    submitLead: async (lead) => {
      const claim = await conversation.claimLead();
      if (claim.status === 'recorded') {
        c.var.log.info('chat.lead_already_recorded', { id: claim.id });
        return { status: 'recorded' };
      }
      try {
        const limited = await apiLimit(c);
        if (limited) {
          await conversation.leadFailed(claim.id);
          return { status: 'limited', retryAfterSeconds: limited };
        }
        await enqueueSubmission(c.env, c.var.log, 'lead', aiLeadQueueFields(lead, new Date().toISOString()), claim.id);
      } catch (err) {
        await conversation.leadFailed(claim.id);
        throw err;
      }
      await conversation.leadFiled(claim.id);
      return { status: 'filed', id: claim.id };
    },
  };
}

/**
 * Counts one request against the visitor's generic API limit (the RateLimiter of functions/rateLimit.ts,
 * named the same way); the seconds to wait when over it, else 0. Fails open like the middleware.
 */
async function apiLimit(c: Ctx): Promise<number> {
  try {
    const result = await c.env.RATE_LIMITER.getByName(await fingerprint(c.req.raw)).hit('api');
    return result.allowed ? 0 : result.retryAfterSeconds;
  } catch (err) {
    c.var.log.error('rate_limiter.unavailable', { limit: 'api', what: 'AI lead', allowed: true, error: errorText(err) });
    return 0;
  }
}

/**
 * The visitor's conversation: the one named by the id the client sent when this server started it, else a
 * new one. An id that names no conversation (made up, or deleted after 30 days) starts a new conversation
 * under a new id: a client never picks the id, and never reads or writes a conversation it was not given.
 */
async function openConversation(env: Env, requested: string | undefined): Promise<{ id: string; stub: ConversationRpc; history: Exchange[] }> {
  if (requested) {
    const stub = conversationStub(env, requested);
    const history = await stub.history();
    if (history) return { id: requested, stub, history };
  }
  const id = newConversationId();
  return { id, stub: conversationStub(env, id), history: [] };
}

export const chat = new Hono<AppEnv>()
  .post('/', jsonOnly, validate('json', chatRequestSchema), async (c) => {
    const input = c.req.valid('json');
    const text = requestText(input);
    const config = c.var.config;
    let conversation: Awaited<ReturnType<typeof openConversation>>;
    try {
      conversation = await openConversation(c.env, input.conversationId);
    } catch (err) {
      // Our fault, not the visitor's: a clear message and a moment to wait, never a 500.
      c.var.log.error('conversation.unavailable', { alert: true, error: errorText(err) });
      return apiError(c, 503, 'unavailable', chatMessages.aiHiccup, {}, { 'Cache-Control': 'no-store' });
    }
    const ctx = toolContext(c, config, conversation.stub);
    const headers = { 'Cache-Control': 'no-store' };
    const visitor: StoredContent = { role: 'user', parts: [{ text }] };
    const keep = (source: Exchange['source'], contents: StoredContent[]) =>
      conversation.stub.append({ at: new Date().toISOString(), source, contents: [visitor, ...contents] });

    if (!config.GEMINI_API_KEY) {
      const reply = localReply([{ role: 'user', text }], ctx);
      await keep('local', [{ role: 'model', parts: [{ text: reply.text }] }]);
      return c.json<ChatResponse, 200>({ reply, source: 'local', conversationId: conversation.id }, 200, headers);
    }
    // The model reads only what this server wrote: the conversation's own exchanges and the new message.
    const turn = await geminiReply(
      contextContents(conversation.history, text) as GeminiContent[],
      { apiKey: config.GEMINI_API_KEY, model: config.GEMINI_MODEL, baseUrl: config.GEMINI_BASE_URL },
      config.ASSISTANT_NAME,
      ctx,
      c.req.raw.signal,
    );
    if (turn.added) await keep('gemini', turn.added);
    return c.json<ChatResponse, 200>({ ...turn.result, conversationId: conversation.id }, 200, headers);
  })
  .post('/lead', jsonOnly, validate('json', leadSubmissionSchema), async (c) => {
    const input = c.req.valid('json');
    try {
      const id = await enqueueSubmission(c.env, c.var.log, 'lead', leadQueueFields(input, new Date().toISOString()), input.id);
      return c.json<ChatSubmissionAccepted, 202>({ id }, 202);
    } catch {
      return notStored(c, 'details');
    }
  })
  .post('/pricing', jsonOnly, validate('json', pricingSubmissionSchema), async (c) => {
    const r = c.req.valid('json');
    const out = estimatePrice({ projectType: tableTypeForChoice(r.projectType, r.numberOfPages), features: r.features });
    if (!out.ok) return apiError(c, 422, 'validation', out.error);
    try {
      const id = await enqueueSubmission(c.env, c.var.log, 'pricing', pricingQueueFields(r, out.estimate, new Date().toISOString()), r.id);
      return c.json<ChatSubmissionAccepted, 202>({ id, estimate: out.estimate }, 202);
    } catch {
      return notStored(c, 'pricing request');
    }
  });
