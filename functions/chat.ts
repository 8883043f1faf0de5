import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import type { ApiError } from '../shared/api.ts';
import {
  chatRequestSchema, leadSubmissionSchema, pricingSubmissionSchema, requestText, type ChatResponse, type ChatSubmissionAccepted,
} from '../shared/chat/api.ts';
import { contextContents, newConversationId, type ConversationRpc, type Exchange, type StoredContent } from '../shared/chat/conversation.ts';
import { estimatePrice, tableTypeForChoice } from '../shared/chat/estimate.ts';
import { localReply } from '../shared/chat/local.ts';
import { chatMessages } from '../shared/chat/messages.ts';
import { aiLeadQueueFields, leadQueueFields, pricingQueueFields } from '../shared/chat/submissions.ts';
import type { ToolContext } from '../shared/chat/tools.ts';
import { uniqueId } from '../shared/id.ts';
import type { SubmissionMessage } from '../shared/submission.ts';
import { appConfig, type AppConfig } from './config.ts';
import { geminiReply } from './ai/assistant.ts';
import type { GeminiContent } from './ai/gemini.ts';
import { fingerprint } from './rateLimit.ts';

// POST /api/chat: the assistant's answer to the visitor's new message (Gemini with the key, the local
// assistant without), in the visitor's conversation (a Conversation Durable Object, docs/decisions/0011).
// POST /api/chat/lead and /api/chat/pricing: the completed lead and pricing flows, put on the submissions
// queue like the forms (docs/decisions/0004). Rate limits are applied in api.ts.
export const chat = new Hono<{ Bindings: Env }>();

type Ctx = Context<{ Bindings: Env }>;
const log = (event: string, data: Record<string, unknown>) => console.log(JSON.stringify({ event, ...data }));

/** The JSON body, or an ApiError response. */
async function readJson<T extends z.ZodType>(c: Ctx, schema: T): Promise<{ data: z.output<T> } | { error: Response }> {
  if (!/^application\/json\s*(;|$)/i.test(c.req.header('Content-Type') ?? '')) {
    return { error: c.json<ApiError>({ error: 'unsupported_media_type', message: 'Send JSON (Content-Type: application/json).' }, 415) };
  }
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    return { error: c.json<ApiError>({ error: 'invalid_json', message: 'The request body is not valid JSON.' }, 400) };
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[issue.path.join('.') || '(body)'] ??= issue.message;
    const [first] = Object.entries(fields);
    return { error: c.json<ApiError>({ error: 'validation', message: first ? `${first[0]}: ${first[1]}` : 'The request is not valid.', fields }, 422) };
  }
  return { data: parsed.data };
}

/** Puts a chat submission on the queue; throws when the queue refuses it. */
async function enqueue(env: Env, kind: 'lead' | 'pricing', fields: Record<string, string>, id = uniqueId()): Promise<string> {
  const message: SubmissionMessage = { v: 1, id, kind, submittedAt: new Date().toISOString(), fields };
  await env.SUBMISSIONS.send(message, { contentType: 'json' });
  log('submission.accepted', { id, kind });
  return id;
}

const unavailable = (c: Ctx, what: string) =>
  c.json<ApiError>({ error: 'unavailable', message: `We could not store your ${what} just now, so nothing was sent. Please try again in a moment.` }, 503, { 'Retry-After': '30' });

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
        log('chat.lead_already_recorded', { id: claim.id });
        return { status: 'recorded' };
      }
      try {
        const limited = await apiLimit(c);
        if (limited) {
          await conversation.leadFailed(claim.id);
          return { status: 'limited', retryAfterSeconds: limited };
        }
        await enqueue(c.env, 'lead', aiLeadQueueFields(lead, new Date().toISOString()), claim.id);
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
    console.error('rate limiter unavailable for "api" (AI lead); request allowed', err);
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

chat.post('/', async (c) => {
  const input = await readJson(c, chatRequestSchema);
  if ('error' in input) return input.error;
  const text = requestText(input.data);
  const config = appConfig(c.env);
  let conversation: Awaited<ReturnType<typeof openConversation>>;
  try {
    conversation = await openConversation(c.env, input.data.conversationId);
  } catch (err) {
    // Our fault, not the visitor's: a clear message and a moment to wait, never a 500.
    console.error(JSON.stringify({ event: 'conversation.unavailable', alert: true, error: err instanceof Error ? err.message : String(err) }));
    return c.json<ApiError>({ error: 'unavailable', message: chatMessages.aiHiccup }, 503, { 'Retry-After': '30', 'Cache-Control': 'no-store' });
  }
  const ctx = toolContext(c, config, conversation.stub);
  const headers = { 'Cache-Control': 'no-store' };
  const visitor: StoredContent = { role: 'user', parts: [{ text }] };
  const keep = (source: Exchange['source'], contents: StoredContent[]) =>
    conversation.stub.append({ at: new Date().toISOString(), source, contents: [visitor, ...contents] });

  if (!config.GEMINI_API_KEY) {
    const reply = localReply([{ role: 'user', text }], ctx);
    await keep('local', [{ role: 'model', parts: [{ text: reply.text }] }]);
    return c.json<ChatResponse>({ reply, source: 'local', conversationId: conversation.id }, 200, headers);
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
  return c.json<ChatResponse>({ ...turn.result, conversationId: conversation.id }, 200, headers);
});

chat.post('/lead', async (c) => {
  const input = await readJson(c, leadSubmissionSchema);
  if ('error' in input) return input.error;
  try {
    const id = await enqueue(c.env, 'lead', leadQueueFields(input.data, new Date().toISOString()), input.data.id);
    return c.json<ChatSubmissionAccepted>({ id }, 202);
  } catch (err) {
    console.error(JSON.stringify({ event: 'submission.queue_failed', kind: 'lead', error: err instanceof Error ? err.message : String(err) }));
    return unavailable(c, 'details');
  }
});

chat.post('/pricing', async (c) => {
  const input = await readJson(c, pricingSubmissionSchema);
  if ('error' in input) return input.error;
  const r = input.data;
  const out = estimatePrice({ projectType: tableTypeForChoice(r.projectType, r.numberOfPages), features: r.features });
  if (!out.ok) return c.json<ApiError>({ error: 'validation', message: out.error }, 422);
  try {
    const id = await enqueue(c.env, 'pricing', pricingQueueFields(r, out.estimate, new Date().toISOString()), r.id);
    return c.json<ChatSubmissionAccepted>({ id, estimate: out.estimate }, 202);
  } catch (err) {
    console.error(JSON.stringify({ event: 'submission.queue_failed', kind: 'pricing', error: err instanceof Error ? err.message : String(err) }));
    return unavailable(c, 'pricing request');
  }
});

chat.all('/', (c) => c.json<ApiError>({ error: 'method_not_allowed', message: 'The chat is sent with POST.' }, 405, { Allow: 'POST' }));
chat.all('/:what{lead|pricing}', (c) => c.json<ApiError>({ error: 'method_not_allowed', message: 'Submissions are sent with POST.' }, 405, { Allow: 'POST' }));
