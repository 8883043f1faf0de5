import { env } from 'cloudflare:workers';
import { createExecutionContext, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { afterAll, describe, expect, it } from 'vitest';
import worker from '../../functions/index.ts';
import { liveMessages, STAFF_CREDENTIAL, VISITOR_CREDENTIAL, waitOffer, waitOfferKnown, type LiveStartResponse } from '../../shared/chat/live.ts';
import { WAIT_OFFER_MS, type WaitingResponse } from '../../shared/admin/waiting.ts';
import { parseAlertEventFields } from '../../shared/alerts.ts';
import type { SubmissionMessage } from '../../shared/submission.ts';
import { COLLECTIONS } from '../../shared/appwrite/schema.ts';
import type { LiveMeta } from '../../durable/conversation/store.ts';
import { VISITOR_GONE_MS } from '../../durable/conversation/waiting.ts';
import { accounts, appwriteRest, callApi, documentPath, freshIp } from './appwrite-helpers.ts';
import { until } from './helpers.ts';
import { closeSockets, connect, json, refOf, sockets, staffTicket, visitorInLiveChat } from './live-helpers.ts';

// A visitor waiting for a person is never missed (docs/decisions/0030), through the real Worker, the
// Conversation room in workerd and the Appwrite emulator: who is waiting (GET /api/admin/live/waiting), the
// staff alert raised once per request, and the e-mail path offered after 2 minutes by the room's alarm,
// run on a controlled clock (the stored request time moved back), never by waiting.

afterAll(closeSockets);

const waiting = async (jwt = accounts.moderator.jwt) => json<WaitingResponse>(await callApi('/api/admin/live/waiting', { jwt }));
const roomOf = (conversationId: string) => env.CONVERSATION.get(env.CONVERSATION.idFromName(conversationId));

/** Until the queue has written the chat's record (what the route reads first). */
const recorded = (id: string) => until(async () => ((await appwriteRest('GET', documentPath(COLLECTIONS.liveChats, id))).body.$id ? true : undefined), 20_000);

/** The request's time, moved back: the room's clock reads it, so its alarm sees the wait as over. */
const askedAgo = (conversationId: string, ms: number) => runInDurableObject(roomOf(conversationId), (_o, state) => {
  const live = state.storage.kv.get<LiveMeta>('live')!;
  state.storage.kv.put('live', { ...live, startedAt: new Date(Date.now() - ms).toISOString() });
});

describe('GET /api/admin/live/waiting', () => {
  it('answers 401 without a session and 403 to a plain user, and staff the list', async () => {
    expect((await callApi('/api/admin/live/waiting')).status).toBe(401);
    expect((await callApi('/api/admin/live/waiting', { jwt: accounts.user.jwt })).status).toBe(403);
    expect((await callApi('/api/admin/live/waiting', { jwt: accounts.admin.jwt })).status).toBe(200);
    expect((await callApi('/api/admin/live/waiting', { jwt: accounts.moderator.jwt })).status).toBe(200);
  });

  it('lists a waiting visitor by reference with name, first words and since, oldest first; a joined chat leaves the list', { timeout: 60_000 }, async () => {
    const first = await visitorInLiveChat('Abena Mensah', 'abena@example.com');
    const second = await visitorInLiveChat('', 'anon@example.com');
    const firstId = (await roomOf(first.conversationId).liveView())!.submissionId;
    await recorded(firstId);
    const secondId = (await roomOf(second.conversationId).liveView())!.submissionId;
    await recorded(secondId);

    const res = await callApi('/api/admin/live/waiting', { jwt: accounts.moderator.jwt });
    const raw = await res.text();
    expect(res.status, raw).toBe(200);
    // Staff see references, never a conversation's id (docs/decisions/0021).
    expect(raw).not.toContain(first.conversationId);
    expect(raw).not.toContain(second.conversationId);
    const { waiting: list } = JSON.parse(raw) as WaitingResponse;
    const mine = list.filter((v) => v.ref === refOf(first.conversationId) || v.ref === refOf(second.conversationId));
    expect(mine).toEqual([
      { ref: refOf(first.conversationId), leadId: firstId, who: 'Abena Mensah', words: 'What services do you offer?', since: expect.any(String) },
      { ref: refOf(second.conversationId), leadId: secondId, who: null, words: 'What services do you offer?', since: expect.any(String) },
    ]);
    // Oldest first, over the whole list.
    const times = list.map((v) => Date.parse(v.since));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    // A staff member joins: at once off the list (the room decides, before its record is rewritten).
    const staff = await connect(first.conversationId, STAFF_CREDENTIAL + (await staffTicket(first.conversationId)).ticket);
    sockets.push(staff);
    await staff.next('hello');
    const after = (await waiting()).waiting.map((v) => v.ref);
    expect(after).not.toContain(refOf(first.conversationId));
    expect(after).toContain(refOf(second.conversationId));
    // And the inbox item says so soon after: the realtime event every open admin page asks again on.
    const inquiryState = async (id: string) => (await appwriteRest('GET', documentPath(COLLECTIONS.inquiries, id))).body.liveState;
    await until(async () => ((await inquiryState(firstId)) === 'live' ? true : undefined), 20_000);
    expect(await inquiryState(secondId)).not.toBe('live');

    // The visitor leaves (ends the chat): off the list too.
    second.visitor.send({ type: 'end' });
    await second.visitor.next('state', (m) => m.state === 'ended');
    expect((await waiting()).waiting.map((v) => v.ref)).not.toContain(refOf(second.conversationId));
    await until(async () => ((await inquiryState(secondId)) === 'ended' ? true : undefined), 20_000);
  });
});

describe('the staff alert', () => {
  it('is raised once per request for a person, with the reference and never the id', { timeout: 30_000 }, async () => {
    const sent: SubmissionMessage[] = [];
    const watching = { ...env, SUBMISSIONS: { send: async (m: SubmissionMessage, o?: QueueSendOptions) => { sent.push(m); return env.SUBMISSIONS.send(m, o); } } } as unknown as Env;
    const ask = async (body: Record<string, unknown>) => json<LiveStartResponse & { status: 'live' }>(await worker.fetch(new Request('http://localhost/api/chat/live', {
      method: 'POST', headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': freshIp() }, body: JSON.stringify(body),
    }), watching, createExecutionContext()));
    const fresh = await visitorInLiveChatVia(ask, 'Kojo');
    const alerts = sent.filter((m) => m.kind === 'alert-event');
    expect(alerts).toHaveLength(1);
    const view = (await roomOf(fresh).liveView())!;
    expect(parseAlertEventFields(alerts[0]!.fields)).toEqual({
      kind: 'visitor_waiting', key: `${refOf(fresh)}:${view.startedAt}`, leadId: view.submissionId, conversationRef: refOf(fresh),
      userId: null, who: 'Kojo', words: 'What services do you offer?', at: view.startedAt,
    });
    expect(alerts[0]!.id).toBe(`alert-event:visitor_waiting:${refOf(fresh)}:${view.startedAt}`);
    expect(JSON.stringify(alerts[0])).not.toContain(fresh);
    // The same request again (another tab, a lost answer) raises nothing more.
    await ask({ conversationId: fresh, conversationKey: freshKeys.get(fresh), name: 'Kojo' });
    expect(sent.filter((m) => m.kind === 'alert-event')).toHaveLength(1);
  });
});

const freshKeys = new Map<string, string>();
/** A new conversation with the assistant, then a person asked for through `ask`: the conversation's id. */
async function visitorInLiveChatVia(ask: (body: Record<string, unknown>) => Promise<LiveStartResponse & { status: 'live' }>, name: string): Promise<string> {
  const answer = await json<{ conversationId: string; conversationKey: string }>(await callApi('/api/chat', { method: 'POST', body: { message: 'What services do you offer?' } }));
  freshKeys.set(answer.conversationId, answer.conversationKey);
  const start = await ask({ conversationId: answer.conversationId, conversationKey: answer.conversationKey, name });
  expect(start.status).toBe('live');
  return answer.conversationId;
}

describe('nobody joins within 2 minutes', () => {
  it('the room offers the e-mail path in the conversation, keeps the address, and the chat stays joinable', { timeout: 60_000 }, async () => {
    const { conversationId, visitor } = await visitorInLiveChat('Efua', '');
    const room = roomOf(conversationId);

    // Before the 2 minutes: the alarm offers nothing, and is set for when the offer is due.
    await askedAgo(conversationId, WAIT_OFFER_MS - 30_000);
    await runDurableObjectAlarm(room);
    expect((await room.liveView())!.messages.map((m) => m.text)).not.toContain(waitOffer);
    const next = await runInDurableObject(room, (_o, state) => state.storage.getAlarm());
    expect(next).not.toBeNull();
    expect(next!).toBeLessThanOrEqual(Date.now() + 30_000 + 1_000);

    // After them: the offer reaches the visitor's socket and the transcript, once.
    await askedAgo(conversationId, WAIT_OFFER_MS + 1_000);
    expect(await runDurableObjectAlarm(room)).toBe(true);
    expect((await visitor.next('message', (m) => m.message.from === 'system' && m.message.text === waitOffer)).message.text).toContain(liveMessages.askEmail);
    await runDurableObjectAlarm(room);
    expect((await room.liveView())!.messages.filter((m) => m.text === waitOffer)).toHaveLength(1);
    expect((await room.liveView())!.state).toBe('waiting');

    // The visitor leaves an address: the room says the team has it, and the record keeps it.
    visitor.send({ type: 'message', text: 'Efua@Example.com' });
    await visitor.next('message', (m) => m.message.from === 'system' && m.message.text === liveMessages.queued);
    const id = (await room.liveView())!.submissionId;
    await until(async () => ((await appwriteRest('GET', documentPath(COLLECTIONS.liveChats, id))).body.email === 'efua@example.com' ? true : undefined), 20_000);

    // Still joinable: a staff member joins after the offer and the visitor sees them.
    expect((await waiting()).waiting.map((v) => v.ref)).toContain(refOf(conversationId));
    const staff = await connect(conversationId, STAFF_CREDENTIAL + (await staffTicket(conversationId)).ticket);
    sockets.push(staff);
    expect(await staff.next('hello')).toMatchObject({ state: 'live' });
    await visitor.next('message', (m) => m.message.text === liveMessages.joined('Test'));
  });

  it('with the address given when asking, the offer asks for none: the team has it', { timeout: 30_000 }, async () => {
    const { conversationId, visitor } = await visitorInLiveChat('Yaw', 'Yaw@Example.com');
    await askedAgo(conversationId, WAIT_OFFER_MS + 1_000);
    await runDurableObjectAlarm(roomOf(conversationId));
    await visitor.next('message', (m) => m.message.text === waitOfferKnown);
    const texts = (await roomOf(conversationId).liveView())!.messages.map((m) => m.text);
    expect(texts).not.toContain(waitOffer);
    // An address written now is a message like any other: nothing more is said.
    visitor.send({ type: 'message', text: 'yaw@work.example' });
    await visitor.next('message', (m) => m.message.from === 'visitor');
    expect((await roomOf(conversationId).liveView())!.messages.map((m) => m.text)).not.toContain(liveMessages.queued);
  });
});

describe('a waiting visitor who leaves', () => {
  const leftAt = (conversationId: string) => runInDurableObject(roomOf(conversationId), (_o, state) => state.storage.kv.get<LiveMeta>('live')?.visitorLeftAt);
  const leftAgo = (conversationId: string, ms: number) => runInDurableObject(roomOf(conversationId), (_o, state) => {
    const live = state.storage.kv.get<LiveMeta>('live')!;
    state.storage.kv.put('live', { ...live, visitorLeftAt: Date.now() - ms });
  });

  it('is waited for a minute (a reload rejoins), then the chat ends and leaves the alerts', { timeout: 60_000 }, async () => {
    const { conversationId, start, visitor } = await visitorInLiveChat('Esi', '');
    const room = roomOf(conversationId);
    visitor.ws.close();
    await until(async () => ((await leftAt(conversationId)) ? true : undefined));

    // Back within the minute (a reload): still waiting, however late the alarm runs.
    const again = await connect(conversationId, VISITOR_CREDENTIAL + start.token);
    sockets.push(again);
    await again.next('hello');
    expect(await leftAt(conversationId)).toBeUndefined();
    await runDurableObjectAlarm(room);
    expect((await room.liveView())!.state).toBe('waiting');

    // Gone for good: a minute after the last socket closed, the alarm ends the chat.
    again.ws.close();
    await until(async () => ((await leftAt(conversationId)) ? true : undefined));
    await runDurableObjectAlarm(room);
    expect((await room.liveView())!.state).toBe('waiting');
    await leftAgo(conversationId, VISITOR_GONE_MS + 1_000);
    await runDurableObjectAlarm(room);
    const view = (await room.liveView())!;
    expect(view.state).toBe('ended');
    expect(view.messages.at(-1)!.text).toBe(liveMessages.visitorLeft);
    expect((await waiting()).waiting.map((v) => v.ref)).not.toContain(refOf(conversationId));
  });
});

