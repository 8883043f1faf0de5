import { env } from 'cloudflare:workers';
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { voiceSocketToClose } from './voice-helpers.ts';
import { LIMITER_UNAVAILABLE_RETRY_SECONDS } from '../../shared/rateLimits.ts';
import { liveMessages, STAFF_CREDENTIAL, VISITOR_CREDENTIAL, type LiveStartResponse } from '../../shared/chat/live.ts';
import type { ChatResponse } from '../../shared/chat/api.ts';
import type { ApiError } from '../../shared/api.ts';
import { WAIT_OFFER_MS } from '../../shared/admin/waiting.ts';
import type { LiveMeta } from '../../durable/conversation/store.ts';
import { callApi, freshIp } from './appwrite-helpers.ts';
import { askForPerson, closeSockets, connect, json, sockets, staffOnline, staffTicket } from './live-helpers.ts';

// The live hand-off of a French conversation (docs/decisions/0032, "Chat"), through the real Worker and the
// Conversation room in workerd: the room words every message in the language the conversation started in
// (what its page said), never in what a socket sends; and the rate limit's 429 in the page's language.

afterAll(closeSockets);

const roomOf = (conversationId: string) => env.CONVERSATION.get(env.CONVERSATION.idFromName(conversationId));
const nnbsp = '\u202f';
const systemTexts = async (conversationId: string) => (await roomOf(conversationId).liveView())!.messages.filter((m) => m.from === 'system').map((m) => m.text);

/** A visitor on a French page asks for a person first thing (no message to the assistant before). */
async function frenchVisitorInLiveChat(email = '') {
  await staffOnline();
  const start = await json<LiveStartResponse & { status: 'live' }>(await askForPerson({ name: 'Awa', email, language: 'fr' }));
  expect(start.status).toBe('live');
  const visitor = await connect(start.conversationId, VISITOR_CREDENTIAL + start.token);
  sockets.push(visitor);
  return { conversationId: start.conversationId, conversationKey: start.conversationKey!, visitor, hello: await visitor.next('hello') };
}

describe('a French conversation handed to a person', () => {
  it('hears the room in French: joining, joined, its errors, and the end', { timeout: 60_000 }, async () => {
    const { conversationId, conversationKey, visitor, hello } = await frenchVisitorInLiveChat();
    expect(hello.messages.map((m) => m.text)).toContain('Nous vous mettons en relation avec une personne de notre équipe. Elle vous rejoint dans un instant.');
    expect(await roomOf(conversationId).language()).toBe('fr');

    // The assistant does not talk over the person: the 409 in the page's language.
    const busy = await callApi('/api/chat', { method: 'POST', body: { message: 'Bonjour ?', conversationId, conversationKey, language: 'fr' } });
    expect(busy.status).toBe(409);
    expect(((await busy.json()) as ApiError).message).toBe(`Une personne de notre équipe a repris cette conversation${nnbsp}: l’assistant ne répond donc plus. Envoyez votre message dans la discussion en direct.`);

    const staff = await connect(conversationId, STAFF_CREDENTIAL + (await staffTicket(conversationId)).ticket);
    sockets.push(staff);
    expect((await visitor.next('message', (m) => m.message.from === 'system')).message.text).toBe('Test a rejoint la conversation.');

    visitor.send({ type: 'message', text: 'x'.repeat(2001) });
    expect(await visitor.next('error')).toEqual({ type: 'error', code: 'too_long', message: `Un message ne peut pas dépasser 2${nnbsp}000 caractères.` });
    visitor.send('not json');
    expect(await visitor.next('error')).toEqual({ type: 'error', code: 'invalid', message: 'Ce message n’a pas pu être envoyé.' });

    staff.send({ type: 'end' });
    await visitor.next('state', (m) => m.state === 'ended');
    expect(await systemTexts(conversationId)).toContain(`Test a mis fin à la conversation. Merci d’avoir échangé avec nous${nnbsp}!`);
  });

  it('hears the e-mail path in French when nobody joins, and the team has the address', { timeout: 60_000 }, async () => {
    const { conversationId, visitor } = await frenchVisitorInLiveChat();
    await runInDurableObject(roomOf(conversationId), (_o, state) => {
      const live = state.storage.kv.get<LiveMeta>('live')!;
      state.storage.kv.put('live', { ...live, startedAt: new Date(Date.now() - WAIT_OFFER_MS - 1_000).toISOString() });
    });
    expect(await runDurableObjectAlarm(roomOf(conversationId))).toBe(true);
    const offer = await visitor.next('message', (m) => m.message.from === 'system' && m.message.text.startsWith('Personne'));
    expect(offer.message.text).toBe(`Personne de notre équipe ne vous a encore rejoint. Laissez-nous votre adresse e-mail et l’équipe vous répondra sous 24 heures. Vous pouvez aussi patienter ici${nnbsp}: la personne qui vous rejoindra verra toute cette conversation.`);
    visitor.send({ type: 'message', text: 'awa@example.com' });
    expect((await visitor.next('message', (m) => m.message.from === 'system' && m.message.text.startsWith('Merci'))).message.text)
      .toBe(`Merci${nnbsp}! L’équipe a bien reçu votre message et vous répondra sous 24 heures.`);
    // The visitor ends it: the room says so in the conversation's language too.
    visitor.send({ type: 'end' });
    await visitor.next('state', (m) => m.state === 'ended');
    expect(await systemTexts(conversationId)).toContain('Le visiteur a mis fin à la conversation.');
  });

  it('keeps the language the conversation started in: an English one stays English whatever a later request says', { timeout: 60_000 }, async () => {
    await staffOnline();
    const first = await json<ChatResponse>(await callApi('/api/chat', { method: 'POST', body: { message: 'What services do you offer?' } }));
    const held = { conversationId: first.conversationId, conversationKey: first.conversationKey! };
    const start = await json<LiveStartResponse & { status: 'live' }>(await askForPerson({ ...held, name: 'Kofi', language: 'fr' }));
    expect(await systemTexts(start.conversationId)).toEqual([liveMessages.joining]);
    // And a French page's request with another browser's conversation id is refused in French.
    const stranger = await askForPerson({ conversationId: held.conversationId, conversationKey: 'A'.repeat(22), language: 'fr' });
    expect(stranger.status).toBe(403);
    expect(((await stranger.json()) as ApiError).message).toBe('Cette conversation appartient à un autre navigateur. Commencez-en une nouvelle pour continuer.');
  });

});

describe('the rate limit in the page’s language', () => {
  it('answers a French page’s 21st chat message with a French 429; the header words it and buys nothing', async () => {
    const ip = freshIp();
    const chat = (headers: Record<string, string>) => callApi('/api/chat', { method: 'POST', ip, headers, body: { message: 'bonjour', language: 'fr' } });
    for (let i = 1; i <= 20; i++) expect((await chat(i % 2 ? { 'X-Language': 'fr' } : {})).status, `request ${i}`).toBe(200);
    const res = await chat({ 'X-Language': 'fr' });
    expect(res.status).toBe(429);
    const seconds = Number(res.headers.get('Retry-After'));
    expect(await res.json()).toEqual({ error: 'rate_limited', message: `Trop de requêtes. Merci de réessayer dans ${seconds} secondes.`, retryAfter: seconds });
    // The same visitor from an English page (or any other value) reads the specification's English, still limited.
    const english = await chat({ 'X-Language': 'de' });
    expect(english.status).toBe(429);
    expect(((await english.json()) as ApiError).message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
  });
});

describe('the voice socket’s refusal in the page’s language', () => {
  it('words the rate-limited refusal in French for ?language=fr, and only the words change', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      // A limiter that cannot be reached refuses every session (fail closed): the same refusal, worded per page.
      const unreachable = () => Promise.reject(new Error('Durable Object unreachable'));
      const e = { ...env, RATE_LIMITER: { getByName: () => ({ hit: unreachable, startVoiceSession: unreachable, endVoiceSession: unreachable }) } } as unknown as Env;
      const refusal = async (query: string) => {
        const { status, code, received } = await voiceSocketToClose(`http://example.com/api/voice${query}`, e, freshIp());
        expect([status, code]).toEqual([101, 1008]);
        return received;
      };
      const seconds = LIMITER_UNAVAILABLE_RETRY_SECONDS;
      expect(await refusal('?language=fr')).toEqual([{ type: 'error', code: 'rate-limited', message: `Trop de requêtes. Merci de réessayer dans ${seconds} secondes.` }]);
      expect(await refusal('?language=xx')).toEqual([{ type: 'error', code: 'rate-limited', message: `Too many requests. Please try again in ${seconds} seconds.` }]);
    } finally {
      errors.mockRestore();
    }
  });
});
