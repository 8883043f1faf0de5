import { env } from 'cloudflare:workers';
import { createExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../functions/index.ts';
import { conversationRef, conversationStub } from '../../functions/chat.ts';
import { pruneWaRefs } from '../../functions/whatsapp/prune.ts';
import { createLogger } from '../../shared/log.ts';
import { fingerprint } from '../../functions/rateLimit.ts';
import type { ApiError } from '../../shared/api.ts';
import { COLLECTIONS } from '../../shared/appwrite/schema.ts';
import { newConversationId } from '../../shared/chat/conversation.ts';
import { rateLimits } from '../../shared/rateLimits.ts';
import { prefilledText, referenceIn } from '../../shared/whatsapp/reference.ts';
import type { WaRefResponse } from '../../shared/whatsapp/refApi.ts';
import { appwriteRest, callApi, documentPath, freshIp } from './appwrite-helpers.ts';

// POST /api/whatsapp/ref (functions/whatsapp/ref.ts): a wa.me link with a fresh code stored in `wa_refs`,
// carrying the visitor's chat only for the holder of its key, through the real Worker, the real Conversation
// objects and the Appwrite stand-in.

const NUMBER = env.WHATSAPP_NUMBER;

/** A conversation as the chat starts one: its id, and the key its browser holds. */
async function conversation(): Promise<{ id: string; key: string }> {
  const id = newConversationId();
  const key = newConversationId();
  await conversationStub(env, id).begin(key);
  return { id, key };
}

const mint = (body: unknown, ip?: string) => callApi('/api/whatsapp/ref', { method: 'POST', body, ...(ip ? { ip } : {}) });

/** The code in a link's prefilled message, after checking the link is the business number's. */
function codeOf(url: string): string {
  const link = new URL(url);
  expect(`${link.origin}${link.pathname}`).toBe(`https://wa.me/${NUMBER}`);
  const text = link.searchParams.get('text') ?? '';
  const code = referenceIn(text);
  expect(code).not.toBeNull();
  expect(text).toBe(prefilledText(code));
  return code!;
}

async function stored(code: string) {
  const res = await appwriteRest('GET', documentPath(COLLECTIONS.waRefs, code));
  expect(res.status).toBe(200);
  return res.body as { $id: string; conversationRef: string | null; leadId: string | null; createdAt: string };
}

async function refsFor(ref: string) {
  const q = encodeURIComponent(JSON.stringify({ method: 'equal', attribute: 'conversationRef', values: [ref] }));
  const res = await appwriteRest('GET', `${documentPath(COLLECTIONS.waRefs)}?queries[0]=${q}`);
  return res.body.documents as { $id: string }[];
}

describe('POST /api/whatsapp/ref', () => {
  it('mints a code that carries nothing without a conversation', async () => {
    const res = await mint({});
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toContain('no-store');
    const code = codeOf(((await res.json()) as WaRefResponse).url);
    const doc = await stored(code);
    expect(doc.conversationRef).toBeNull();
    expect(doc.leadId).toBeNull();
    // Every call is a fresh code.
    const again = codeOf(((await (await mint({})).json()) as WaRefResponse).url);
    expect(again).not.toBe(code);
  });

  it('words the prefilled message in the page\'s language (X-Language: fr), with a reference it reads back', async () => {
    const res = await callApi('/api/whatsapp/ref', { method: 'POST', body: {}, headers: { 'X-Language': 'fr' } });
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as WaRefResponse;
    const text = new URL(url).searchParams.get('text') ?? '';
    const code = referenceIn(text);
    expect(code).not.toBeNull();
    expect(text).toBe(prefilledText(code, 'fr'));
    expect(text).toMatch(/^Bonjour Volta Labs.*\(Réf\u202f: [A-Z2-9]{6}\)$/);
  });

  it("maps the code to the conversation's reference (and its lead), never to its id", async () => {
    const chat = await conversation();
    const res = await mint({ conversationId: chat.id, conversationKey: chat.key });
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as WaRefResponse;
    expect(url).not.toContain(chat.id);
    expect(decodeURIComponent(url)).not.toContain(chat.id);
    const code = codeOf(url);
    const doc = await stored(code);
    expect(doc.conversationRef).toBe(conversationRef(env, chat.id));
    expect(doc.leadId).toBeNull();
    expect(JSON.stringify(doc)).not.toContain(chat.id);

    // Once the chat filed its lead, a new code carries the lead too.
    const stub = conversationStub(env, chat.id);
    const claim = await stub.claimLead();
    await stub.leadFiled(claim.id);
    const withLead = await stored(codeOf(((await (await mint({ conversationId: chat.id, conversationKey: chat.key })).json()) as WaRefResponse).url));
    expect(withLead.conversationRef).toBe(conversationRef(env, chat.id));
    expect(withLead.leadId).toBe(claim.id);
  });

  it('refuses a conversation named without its key with 403 and stores nothing', async () => {
    const chat = await conversation();
    const other = await conversation();
    for (const body of [{ conversationId: chat.id }, { conversationId: chat.id, conversationKey: other.key }]) {
      const res = await mint(body);
      expect(res.status).toBe(403);
      expect(((await res.json()) as ApiError).error).toBe('forbidden');
    }
    expect(await refsFor(conversationRef(env, chat.id))).toEqual([]);
  });

  it('refuses what is not a conversation id or key with 422', async () => {
    const res = await mint({ conversationId: 'not an id', conversationKey: 'x' });
    expect(res.status).toBe(422);
    expect(Object.keys(((await res.json()) as ApiError).fields ?? {})).toEqual(expect.arrayContaining(['conversationId', 'conversationKey']));
  });

  it("counts against the visitor's API limit and answers 429 over it", async () => {
    const ip = freshIp();
    const limiter = env.RATE_LIMITER.getByName(await fingerprint(new Request('http://example.com', { headers: { 'CF-Connecting-IP': ip } })));
    expect((await mint({}, ip)).status).toBe(200);
    expect((await limiter.hit('api')).count).toBe(2);
    for (let i = 2; i < rateLimits.api.max; i++) await limiter.hit('api');
    const res = await mint({}, ip);
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toBeTruthy();
  });

  it('answers 503 when WhatsApp is not configured, and the plain link without Appwrite', async () => {
    const request = () => new Request('http://example.com/api/whatsapp/ref', {
      method: 'POST', headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': freshIp() }, body: '{}',
    });
    const unconfigured = await worker.fetch(request(), { ...env, WHATSAPP_NUMBER: '' } as Env, createExecutionContext());
    expect(unconfigured.status).toBe(503);
    expect(((await unconfigured.json()) as ApiError).error).toBe('whatsapp_unavailable');

    const noAppwrite = await worker.fetch(request(), { ...env, APPWRITE_ENDPOINT: '' } as Env, createExecutionContext());
    expect(noAppwrite.status).toBe(200);
    expect(((await noAppwrite.json()) as WaRefResponse).url).toBe(`https://wa.me/${NUMBER}?text=${encodeURIComponent(prefilledText(null))}`);
  });
});

describe('the quarter-hourly prune of wa_refs', () => {
  it('removes references older than the conversations they carried, and keeps newer ones', async () => {
    const now = Date.now();
    const old = `OLD${Math.random().toString(36).slice(2, 8)}`;
    const recent = `NEW${Math.random().toString(36).slice(2, 8)}`;
    const at = (daysAgo: number) => new Date(now - daysAgo * 86_400_000).toISOString();
    expect((await appwriteRest('POST', documentPath(COLLECTIONS.waRefs), { documentId: old, data: { conversationRef: 'a'.repeat(64), createdAt: at(91) } })).status).toBe(201);
    expect((await appwriteRest('POST', documentPath(COLLECTIONS.waRefs), { documentId: recent, data: { conversationRef: 'b'.repeat(64), createdAt: at(89) } })).status).toBe(201);
    const removed = await pruneWaRefs(env, createLogger(console, { test: 'prune' }), now);
    expect(removed).toBeGreaterThanOrEqual(1);
    expect((await appwriteRest('GET', documentPath(COLLECTIONS.waRefs, old))).status).toBe(404);
    expect((await appwriteRest('GET', documentPath(COLLECTIONS.waRefs, recent))).status).toBe(200);
  });
});
