import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEDGER_NAME } from '../../durable/SubmissionLedger.ts';
import { conversationStub } from '../../functions/chat.ts';
import type { ApiError } from '../../shared/api.ts';
import type { ErasurePreview, ErasureResponse } from '../../shared/admin/leadView.ts';
import { newConversationId } from '../../shared/chat/conversation.ts';
import type { Exchange } from '../../shared/chat/exchange.ts';
import { chatMessages } from '../../shared/chat/messages.ts';
import { uniqueId } from '../../shared/id.ts';
import type { SubmissionMessage } from '../../shared/submission.ts';
import { accounts, appwrite, appwriteRest, callApi, documentPath } from './appwrite-helpers.ts';
import { consume, emulatorOrigin, received, setEmulatorMode, validSamples } from './helpers.ts';

// Erasure that erases everything (issue 24, item 3; docs/decisions/0022), through the real Worker, the
// ledger in workerd, the Appwrite emulator and the FormSubmit stand-in: every address the chat takes is
// one valid address, the preview is a POST, a request without an address is erased by its id, the
// conversations of parked submissions go too, and a submission still on the queue is dropped.

const ledger = () => env.SUBMISSION_LEDGER.getByName(LEDGER_NAME);
const word = () => `Zq${uniqueId().slice(-9)}`;
const erasure = (path: '' | '/preview', body: unknown, jwt = accounts.admin.jwt) =>
  callApi(`/api/admin/leads/erasure${path}`, { method: 'POST', jwt, body });
const said = (text: string): Exchange => ({ at: new Date().toISOString(), source: 'local', contents: [{ role: 'user', parts: [{ text }] }, { role: 'model', parts: [{ text: 'Noted.' }] }] });

async function json<T>(res: Response, status = 200): Promise<T> {
  const body = await res.text();
  expect(res.status, body).toBe(status);
  return JSON.parse(body) as T;
}

const message = (kind: string, fields: Record<string, string>): SubmissionMessage => ({ v: 1, id: uniqueId(), kind, submittedAt: new Date().toISOString(), fields });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('every e-mail address the chat takes is one valid address (shared/email.ts)', () => {
  const twoAddresses = 'jo@mail.com, jo@work.com';
  it.each([
    ['/api/chat/lead', { name: 'Jo', email: twoAddresses }],
    ['/api/chat/pricing', { name: 'Jo', email: twoAddresses, projectType: 'Website', features: [] }],
    ['/api/chat/live', { name: 'Jo', email: twoAddresses }],
    ['/api/chat/lead', { name: 'Jo', email: 'jo@mail' }],
  ])('%s refuses %j with 422', async (path, body) => {
    const refused = await json<ApiError>(await callApi(path, { method: 'POST', body }), 422);
    expect(refused.fields?.email).toBe(chatMessages.invalidEmail);
  });

  it('so an address the chat stored is one erasure takes (it refuses the same two addresses)', async () => {
    expect((await json<ApiError>(await erasure('/preview', { email: twoAddresses }), 422)).fields).toHaveProperty('email');
  });
});

describe('the erasure preview', () => {
  it('is a POST: the address is never in a URL (a GET is no preview at all)', async () => {
    const w = word();
    const res = await callApi(`/api/admin/leads/erasure?email=${w}%40nobody.example`, { jwt: accounts.admin.jwt });
    expect(res.status).toBe(404);
    expect(await json<ErasurePreview>(await erasure('/preview', { email: `${w.toLowerCase()}@nobody.example` }))).toMatchObject({ requests: [], parked: 0 });
  });

  it('takes an address or a lead id, not both, not neither', async () => {
    expect((await json<ApiError>(await erasure('/preview', { email: 'a@b.co', leadId: 'x' }), 422)).error).toBe('validation');
    expect((await json<ApiError>(await erasure('/preview', {}), 422)).error).toBe('validation');
    expect((await json<ApiError>(await erasure('/preview', { leadId: '0000000000000000ab' }), 404)).error).toBe('lead_not_found');
    expect((await json<ApiError>(await erasure('', { leadId: 'bad id!' }), 422)).error).toBe('validation');
    expect((await erasure('/preview', { leadId: '0000000000000000ab' }, accounts.moderator.jwt)).status).toBe(403);
  });
});

describe('erasure by reference', () => {
  it('erases a live chat that has no e-mail address by its lead id: record, inquiry, history and conversation', { timeout: 30_000 }, async () => {
    const w = word();
    const chat = newConversationId();
    await conversationStub(env, chat).append(said(`I want a person ${w}`));
    await conversationStub(env, chat).startLive();
    const live = message('live', { name: w, conversationId: chat, mode: 'live', liveState: 'waiting', messages: `Visitor: I want a person ${w}`, source: 'Chatbot' });
    expect((await consume('submissions', live, 1, env)).result.explicitAcks).toHaveLength(1);
    expect((await appwriteRest('GET', documentPath('live_chats', live.id))).status).toBe(200);

    const preview = await json<ErasurePreview>(await erasure('/preview', { leadId: live.id }));
    expect(preview).toMatchObject({ email: null, requests: [{ id: live.id, kind: 'live' }], activity: 1, conversations: 1 });
    expect(await json<ErasureResponse>(await erasure('', { leadId: live.id }))).toMatchObject({ erased: true, email: null, conversations: 1 });
    for (const [collection, id] of [['live_chats', live.id], ['inquiries', live.id], ['lead_activity', live.id]] as const) {
      expect((await appwriteRest('GET', documentPath(collection, id))).status, collection).toBe(404);
    }
    expect(await conversationStub(env, chat).history()).toBeNull();
    // A copy of it still on the queue is not written back.
    expect((await consume('submissions', live, 2, env)).result.explicitAcks).toHaveLength(1);
    expect((await appwriteRest('GET', documentPath('live_chats', live.id))).status).toBe(404);
  });

  it('by a lead id with an address, erases every request of that address', { timeout: 30_000 }, async () => {
    const w = word();
    const email = `${w.toLowerCase()}@by-id.example`;
    const one = message('contact', { ...validSamples().contact, name: w, email });
    const two = message('contact', { ...validSamples().contact, name: `${w} again`, email });
    for (const m of [one, two]) await consume('submissions', m, 1, env);
    const done = await json<ErasureResponse>(await erasure('', { leadId: one.id }));
    expect(done.email).toBe(email);
    expect(done.requests.map((r) => r.id).sort()).toEqual([one.id, two.id].sort());
    expect((await appwriteRest('GET', documentPath('inquiries', two.id))).status).toBe(404);
  });
});

describe('parked submissions', () => {
  it('their chat conversations are erased with them', { timeout: 30_000 }, async () => {
    const w = word();
    const email = `${w.toLowerCase()}@parked-chat.example`;
    const chat = newConversationId();
    await conversationStub(env, chat).append(said(`My secret plan ${w}`));
    // A chat lead the queue gave up on: it has no record in Appwrite, only the parked copy names its conversation.
    const lead = message('lead', { name: w, email, conversationId: chat, serviceInterest: 'SEO', source: 'Chatbot' });
    await ledger().park({ id: lead.id, kind: 'lead', submittedAt: lead.submittedAt, message: lead });

    expect(await json<ErasurePreview>(await erasure('/preview', { email }))).toMatchObject({ requests: [], parked: 1, conversations: 1 });
    expect(await json<ErasureResponse>(await erasure('', { email }))).toMatchObject({ parked: 1, conversations: 1 });
    expect(await conversationStub(env, chat).history()).toBeNull();
    expect(await ledger().get(lead)).toBeNull();
  });
});

describe('a submission still on the queue when its address is erased', () => {
  it('is neither recorded in Appwrite nor e-mailed afterwards, nor parked; the log says so without the address', { timeout: 30_000 }, async () => {
    const w = word();
    const email = `${w}@Erase-Queue.example`;
    const token = `token-${uniqueId()}`;
    const endpoint = `${emulatorOrigin}/ajax/${token}`;
    const m = message('contact', { ...validSamples().contact, name: w, email });
    // The first attempt finds Appwrite and FormSubmit down: the message stays on the queue, to be retried.
    await setEmulatorMode('fail', token);
    const first = await consume('submissions', m, 1, { ...env, FORMSUBMIT_ENDPOINT: endpoint, APPWRITE_ENDPOINT: appwrite.downEndpoint } as Env);
    expect(first.retries).toHaveLength(1);

    // Meanwhile an admin erases the address (nothing of it is in Appwrite yet).
    expect(await json<ErasureResponse>(await erasure('', { email: email.toLowerCase() }))).toMatchObject({ requests: [], erased: true });

    // Both are back; the retry drops the message, and so does the dead-letter queue.
    await setEmulatorMode('ok', token);
    const warn = vi.spyOn(console, 'warn');
    const up = { ...env, FORMSUBMIT_ENDPOINT: endpoint } as Env;
    const retry = await consume('submissions', m, 2, up);
    expect(retry.result.explicitAcks).toEqual([retry.msgId]);
    const dead = await consume('submissions-dead', m, 1, up);
    expect(dead.result.explicitAcks).toEqual([dead.msgId]);

    expect((await received(token)).map((r) => r.outcome)).toEqual(['fail']);
    expect((await appwriteRest('GET', documentPath('contact_messages', m.id))).status).toBe(404);
    expect((await appwriteRest('GET', documentPath('inquiries', m.id))).status).toBe(404);
    expect(await ledger().get(m)).toBeNull();
    const lines = warn.mock.calls.map((c) => String(c[0]));
    const drops = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((e) => e.event === 'submission.dropped_erased');
    expect(drops.map((d) => d.id)).toEqual([m.id, m.id]);
    expect(lines.join('\n').toLowerCase()).not.toContain(email.toLowerCase());

    // The tombstone is a keyed hash with an expiry: the address is nowhere in the ledger.
    await runInDurableObject(ledger(), (_o, state) => {
      const rows = state.storage.sql.exec('SELECT * FROM tombstones').toArray();
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => Number(r.expires_at) > Date.now() + 29 * 86_400_000)).toBe(true);
      const dump = JSON.stringify(state.storage.sql.exec('SELECT * FROM tombstones').toArray()).toLowerCase();
      expect(dump).not.toContain(w.toLowerCase());
    });

    // What the person sends after the erasure is new: it is delivered as usual.
    const later = message('contact', { ...validSamples().contact, name: w, email });
    expect((await consume('submissions', later, 1, up)).result.explicitAcks).toHaveLength(1);
    expect((await received(token)).filter((r) => r.fields.submissionId === later.id).map((r) => r.outcome)).toEqual(['ok']);
    expect((await appwriteRest('GET', documentPath('contact_messages', later.id))).status).toBe(200);
  });
});
