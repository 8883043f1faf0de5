import { env } from 'cloudflare:workers';
import { createExecutionContext, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import worker from '../../functions/index.ts';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatResponse } from '../../shared/chat/api.ts';
import {
  liveMessages, MAX_VISITOR_SOCKETS, STAFF_CREDENTIAL, VISITOR_CREDENTIAL, VISITOR_MESSAGES_PER_MINUTE, VISITOR_TYPING_PER_SECOND, type LiveStartResponse,
} from '../../shared/chat/live.ts';
import type { LiveView } from '../../shared/chat/conversation.ts';
import { conversationStub } from '../../functions/chat.ts';
import { COLLECTIONS } from '../../shared/appwrite/schema.ts';
import type { LeadDetailResponse } from '../../shared/admin/leadView.ts';
import { chatMessages } from '../../shared/chat/messages.ts';
import { accounts, appwriteRest, callApi, documentPath, freshIp } from './appwrite-helpers.ts';
import { until } from './helpers.ts';
import { ackActivityId } from '../../functions/promise/ack.ts';
import { uniqueId } from '../../shared/id.ts';
import { decodeTranscript } from '../../shared/chat/transcript.ts';
import {
  askForPerson, closeSockets, connect, conversationWithAssistant, json, nobodyOnline, refOf, socketRequest, sockets, staffOnline, staffTicket,
  visitorInLiveChat, type Socket,
} from './live-helpers.ts';

// "Talk to a person" through the real Worker, the Conversation room in workerd and the Appwrite emulator
// (docs/decisions/0019): presence, the no-staff path, the live chat both ways with typing and end, the
// transcript on the record, and who may not get in.

/** The words of a record's transcript, one "from: text" string per turn. */
const turnsOf = (stored: unknown) => decodeTranscript(String(stored)).map((t) => `${t.from === 'staff' ? `staff (${t.name})` : t.from}: ${t.text}`);

const liveRecord = async (id: string) => (await appwriteRest('GET', documentPath(COLLECTIONS.liveChats, id))).body;
const inquiry = async (id: string) => (await appwriteRest('GET', documentPath(COLLECTIONS.inquiries, id))).body;

afterAll(closeSockets);

describe('POST /api/chat/live when nobody is online', () => {
  beforeEach(nobodyOnline);

  it('asks for an e-mail (nothing stored), then files one request for the inbox, status New', { timeout: 30_000 }, async () => {
    const held = await conversationWithAssistant();
    const { conversationId } = held;
    expect(await json<LiveStartResponse>(await askForPerson(held))).toEqual({ status: 'need_email', conversationId });

    const queued = await json<LiveStartResponse & { status: 'queued' }>(await askForPerson({ ...held, name: 'Ama Owusu', email: 'Ama@Example.com' }));
    expect(queued).toMatchObject({ status: 'queued', conversationId });
    // Asking again files nothing more.
    expect(await json<LiveStartResponse>(await askForPerson({ ...held, email: 'ama@example.com' }))).toEqual(queued);

    const record = await until(async () => ((await liveRecord(queued.id)).$id ? liveRecord(queued.id) : undefined));
    expect(record).toMatchObject({ name: 'Ama Owusu', email: 'ama@example.com', mode: 'offline', conversationRef: refOf(conversationId) });
    expect(turnsOf(record.messages)).toContain('visitor: What services do you offer?');
    expect(await inquiry(queued.id)).toMatchObject({ kind: 'live', status: 'new', email: 'ama@example.com' });
  });

  it('files a French conversation\'s request marked French, and acknowledges it in French', { timeout: 30_000 }, async () => {
    const answer = await json<ChatResponse>(await callApi('/api/chat', { method: 'POST', body: { message: 'Quels services proposez-vous\u202f?', language: 'fr' } }));
    const email = `awa-${uniqueId()}@example.com`;
    // The page's language is not sent with the request: the conversation's is what counts.
    const queued = await json<LiveStartResponse & { status: 'queued' }>(await askForPerson({ conversationId: answer.conversationId, conversationKey: answer.conversationKey, name: 'Awa', email }));
    expect(await until(async () => ((await inquiry(queued.id)).$id ? inquiry(queued.id) : undefined))).toMatchObject({ kind: 'live', language: 'fr' });
    const ack = await until(async () => {
      const res = await appwriteRest('GET', documentPath(COLLECTIONS.leadActivity, ackActivityId(queued.id)));
      return res.status === 200 ? (res.body as Record<string, unknown>) : undefined;
    }, 10_000);
    expect(ack).toMatchObject({ to: email, subject: 'Nous avons bien reçu votre demande pour échanger avec une personne – Volta Labs' });
    expect(String(ack.text)).toMatch(/^Bonjour,\n\nMerci d’avoir contacté Volta Labs\./);
  });

  it('refuses a bad e-mail and a made-up conversation id with the one error shape', async () => {
    const bad = await json<{ error: string; fields: Record<string, string> }>(await askForPerson({ email: 'not-an-address' }), 422);
    expect(bad.fields.email).toBeTruthy();
    const id = await json<{ error: string }>(await askForPerson({ conversationId: '<script>' }), 422);
    expect(id.error).toBe('validation');
  });
});

describe('a live chat', () => {
  it('goes live when staff are online: both sides talk, type, and the transcript ends on the record', { timeout: 60_000 }, async () => {
    const { conversationId, start, visitor, hello } = await visitorInLiveChat('Kofi', 'kofi@example.com');
    expect(start.status).toBe('live');
    expect(start.conversationId).toBe(conversationId);

    expect(hello).toMatchObject({ role: 'visitor', state: 'waiting', staffName: null });
    expect(hello.messages.map((m) => m.from)).toEqual(['visitor', 'assistant', 'system']);
    expect(hello.messages.at(-1)!.text).toBe(liveMessages.joining);

    // The inbox item is there at once (the queue), kind live, with the conversation so far.
    const view = await json<LiveView>(await callApi(`/api/admin/live/${refOf(conversationId)}`, { jwt: accounts.moderator.jwt }));
    expect(view.state).toBe('waiting');
    await until(async () => ((await inquiry(view.submissionId)).kind === 'live' ? true : undefined));

    // Staff open the room by the reference, as the lead page does.
    const staff = await connect(refOf(conversationId), STAFF_CREDENTIAL + (await staffTicket(conversationId)).ticket);
    sockets.push(staff);
    expect(await staff.next('hello')).toMatchObject({ role: 'staff', state: 'live', staffName: 'Test' });
    expect((await visitor.next('message')).message).toMatchObject({ from: 'system', text: liveMessages.joined('Test') });
    expect(await visitor.next('state')).toEqual({ type: 'state', state: 'live', staffName: 'Test' });

    visitor.send({ type: 'typing', typing: true });
    expect(await staff.next('typing')).toEqual({ type: 'typing', from: 'visitor', typing: true });
    staff.send({ type: 'typing', typing: true });
    expect(await visitor.next('typing')).toEqual({ type: 'typing', from: 'staff', name: 'Test', typing: true });

    // HTML is text: kept and delivered exactly as typed, for the other side to show as text.
    visitor.send({ type: 'message', text: '<img src=x onerror=alert(1)> hello' });
    const fromVisitor = await staff.next('message', (m) => m.message.from === 'visitor');
    expect(fromVisitor.message.text).toBe('<img src=x onerror=alert(1)> hello');
    staff.send({ type: 'message', text: 'Hi Kofi, how can I help?' });
    expect((await visitor.next('message', (m) => m.message.from === 'staff')).message).toMatchObject({ from: 'staff', name: 'Test', text: 'Hi Kofi, how can I help?' });

    // A reload: the same token joins again and gets the whole conversation.
    const again = await connect(conversationId, VISITOR_CREDENTIAL + start.token);
    sockets.push(again);
    const rejoined = await again.next('hello');
    expect(rejoined.state).toBe('live');
    expect(rejoined.messages.map((m) => m.text)).toContain('Hi Kofi, how can I help?');
    again.ws.close();

    staff.send({ type: 'end' });
    expect(await visitor.next('state', (m) => m.state === 'ended')).toMatchObject({ state: 'ended' });
    expect(await visitor.closed).toBe(1000);

    // The record has the whole transcript, staff lines with the name the visitor saw.
    const record = await until(async () => {
      const r = await liveRecord(view.submissionId);
      return r.liveState === 'ended' ? r : undefined;
    }, 20_000);
    expect(record.staffName).toBe('Test');
    const turns = turnsOf(record.messages);
    expect(turns).toContain('visitor: What services do you offer?');
    expect(turns).toContain('staff (Test): Hi Kofi, how can I help?');
    expect(turns).toContain('visitor: <img src=x onerror=alert(1)> hello');
    expect(turns).toContain(`system: ${liveMessages.endedByStaff('Test')}`);

    // The first staff message was the lead's first answer: the reply clock stopped, by whom, through the chat.
    const answered = await until(async () => {
      const lead = await inquiry(view.submissionId);
      return lead.firstResponseAt ? lead : undefined;
    }, 20_000);
    expect(answered).toMatchObject({ firstResponseBy: accounts.moderator.id, firstResponseByName: 'Test', firstResponseVia: 'live' });
    expect(Date.parse(String(answered.firstResponseAt))).toBeGreaterThan(Date.parse(String(answered.receivedAt)));

    // Ended: the token no longer opens the room, and no ticket is given.
    expect((await socketRequest(conversationId, VISITOR_CREDENTIAL + start.token)).status).toBe(403);
    expect((await callApi(`/api/admin/live/${refOf(conversationId)}/join`, { method: 'POST', jwt: accounts.moderator.jwt })).status).toBe(409);
  });

  it('a staff member who joins while the record is being written stays joined, and the record follows', { timeout: 60_000 }, async () => {
    const { conversationId, start, visitor } = await visitorInLiveChat('Efua', 'efua@example.com');
    const view = await json<LiveView>(await callApi(`/api/admin/live/${refOf(conversationId)}`, { jwt: accounts.moderator.jwt }));
    await until(async () => ((await inquiry(view.submissionId)).kind === 'live' ? true : undefined));

    // The room's next record write (its alarm, 3 s after the visitor's message) is held on its way to
    // Appwrite; the staff member joins meanwhile.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    let held = 0;
    let written = 0;
    const realFetch = globalThis.fetch;
    const watch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      if (request.method === 'PATCH' && request.url.includes(`/collections/${COLLECTIONS.liveChats}/documents/${view.submissionId}`)) {
        held += 1;
        if (held === 1) await gate;
        const res = await realFetch(request);
        written += 1;
        return res;
      }
      return realFetch(request);
    });
    try {
      visitor.send({ type: 'message', text: 'Is anyone there?' });
      await until(() => (held === 1 ? true : undefined), 10_000);
      const staff = await connect(conversationId, STAFF_CREDENTIAL + (await staffTicket(conversationId)).ticket);
      sockets.push(staff);
      expect(await staff.next('hello')).toMatchObject({ state: 'live', staffName: 'Test' });
      release();
      await until(() => (written >= 1 ? true : undefined));
      staff.send({ type: 'message', text: 'Hello Efua, Test here.' });
      await visitor.next('message', (m) => m.message.from === 'staff');

      // The write that began before the join did not undo it: a reload still finds the chat live, every
      // message once under its own number.
      expect(await conversationStub(env, conversationId).liveState()).toBe('live');
      const again = await connect(conversationId, VISITOR_CREDENTIAL + start.token);
      sockets.push(again);
      const hello = await again.next('hello');
      expect(hello).toMatchObject({ state: 'live', staffName: 'Test' });
      const ids = hello.messages.map((m) => m.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(hello.messages.map((m) => m.text)).toEqual(expect.arrayContaining(['Is anyone there?', liveMessages.joined('Test'), 'Hello Efua, Test here.']));
      again.ws.close();

      // What that write did not include is written soon after, not at the 30-minute idle check.
      const record = await until(async () => {
        const r = await liveRecord(view.submissionId);
        return r.liveState === 'live' && String(r.messages).includes('Hello Efua, Test here.') ? r : undefined;
      }, 20_000);
      expect(record.staffName).toBe('Test');
    } finally {
      release();
      watch.mockRestore();
    }
  });

  it('a second live chat that cannot be filed leaves the first one as it ended', { timeout: 60_000 }, async () => {
    const { conversationId, held, visitor } = await visitorInLiveChat('Ama', 'ama@example.com');
    visitor.send({ type: 'message', text: 'Said in the first chat' });
    await visitor.next('message', (m) => m.message.from === 'visitor');
    visitor.send({ type: 'end' });
    await visitor.next('state', (m) => m.state === 'ended');
    const viewOf = async () => json<LiveView>(await callApi(`/api/admin/live/${refOf(conversationId)}`, { jwt: accounts.moderator.jwt }));
    const before = await viewOf();
    expect(before.state).toBe('ended');
    expect(before.messages.map((m) => m.text)).toContain('Said in the first chat');

    // The queue refuses the second request: the visitor hears it was not stored, the first chat is untouched.
    const refusing = { ...env, SUBMISSIONS: { send: async () => { throw new Error('queue down'); } } } as unknown as Env;
    const res = await worker.fetch(new Request('http://localhost/api/chat/live', {
      method: 'POST', headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': freshIp() },
      body: JSON.stringify({ ...held, name: 'Ama', email: 'ama@example.com' }),
    }), refusing, createExecutionContext());
    expect(res.status).toBe(503);
    expect(await viewOf()).toEqual(before);

    // Asked again with the queue back, it goes live with a new inbox item after the first chat.
    const again = await json<LiveStartResponse & { status: 'live' }>(await askForPerson({ ...held, name: 'Ama', email: 'ama@example.com' }));
    expect(again.status).toBe('live');
    const after = await viewOf();
    expect(after.state).toBe('waiting');
    expect(after.submissionId).not.toBe(before.submissionId);
    expect(after.messages.slice(0, before.messages.length)).toEqual(before.messages);
    expect(after.messages.at(-1)!.text).toBe(liveMessages.joining);
  });

  it('lets in nobody without the right credential, and no plain user as staff', { timeout: 30_000 }, async () => {
    await staffOnline();
    const mine = await json<LiveStartResponse & { status: 'live' }>(await askForPerson({}));
    const other = await json<LiveStartResponse & { status: 'live' }>(await askForPerson({}));
    // Another visitor's token, a made-up one, none at all.
    expect((await socketRequest(mine.conversationId, VISITOR_CREDENTIAL + other.token)).status).toBe(403);
    expect((await socketRequest(mine.conversationId, `${VISITOR_CREDENTIAL}AAAAAAAAAAAAAAAAAAAAAA`)).status).toBe(403);
    expect((await socketRequest(mine.conversationId, null)).status).toBe(401);
    expect((await socketRequest(mine.conversationId, 'visitor.<script>')).status).toBe(401);
    // A page of another site.
    expect((await socketRequest(mine.conversationId, VISITOR_CREDENTIAL + mine.token, { Origin: 'https://evil.example' })).status).toBe(403);
    // A plain user and an anonymous caller get no ticket; a ticket opens one socket only.
    expect((await callApi(`/api/admin/live/${refOf(mine.conversationId)}/join`, { method: 'POST', jwt: accounts.user.jwt })).status).toBe(403);
    expect((await callApi(`/api/admin/live/${refOf(mine.conversationId)}/join`, { method: 'POST' })).status).toBe(401);
    expect((await callApi('/api/admin/presence', { method: 'POST', jwt: accounts.user.jwt })).status).toBe(403);
    const { ticket } = await staffTicket(mine.conversationId);
    const staff = await connect(mine.conversationId, STAFF_CREDENTIAL + ticket);
    sockets.push(staff);
    expect((await socketRequest(mine.conversationId, STAFF_CREDENTIAL + ticket)).status).toBe(403);
  });

  it('refuses oversized, malformed and too many messages, and too many windows', { timeout: 30_000 }, async () => {
    await staffOnline();
    const start = await json<LiveStartResponse & { status: 'live' }>(await askForPerson({}));
    const visitor = await connect(start.conversationId, VISITOR_CREDENTIAL + start.token);
    sockets.push(visitor);
    await visitor.next('hello');
    visitor.send({ type: 'message', text: 'x'.repeat(2001) });
    expect(await visitor.next('error')).toMatchObject({ code: 'too_long', message: liveMessages.tooLong });
    visitor.send('not json');
    expect(await visitor.next('error')).toMatchObject({ code: 'invalid' });
    visitor.send({ type: 'message', text: '   ' });
    expect(await visitor.next('error')).toMatchObject({ code: 'invalid' });
    for (let i = 0; i < VISITOR_MESSAGES_PER_MINUTE; i++) visitor.send({ type: 'message', text: `message ${i}` });
    await visitor.next('message', (m) => m.message.text === `message ${VISITOR_MESSAGES_PER_MINUTE - 1}`);
    visitor.send({ type: 'message', text: 'one too many' });
    expect(await visitor.next('error')).toMatchObject({ code: 'rate_limited' });

    const more: Socket[] = [];
    for (let i = 1; i < MAX_VISITOR_SOCKETS; i++) more.push(await connect(start.conversationId, VISITOR_CREDENTIAL + start.token));
    sockets.push(...more);
    const extra = await connect(start.conversationId, VISITOR_CREDENTIAL + start.token);
    expect(await extra.next('error')).toMatchObject({ code: 'full' });
    expect(await extra.closed).toBe(1008);
  });
});

describe('a conversation id is not a key (issue 24, item 2)', () => {
  it('someone who knows only the id gets 403 on re-entry, online or not, and gets no token; the visitor reconnects after 10 tries by a stranger', { timeout: 60_000 }, async () => {
    const { conversationId, held, start, visitor } = await visitorInLiveChat('Kofi', 'kofi@example.com');
    visitor.send({ type: 'message', text: 'My account number is 0123' });
    await visitor.next('message', (m) => m.message.from === 'visitor');
    const stranger = { conversationId, name: 'Mallory', email: 'mallory@evil.example' };
    for (let i = 0; i < 10; i++) {
      const body = i % 2 ? { ...stranger, conversationKey: `${'B'.repeat(21)}${i}` } : stranger;
      const res = await askForPerson(body);
      const text = await res.text();
      expect(res.status, text).toBe(403);
      expect(JSON.parse(text)).toEqual({ error: 'forbidden', message: chatMessages.conversationForbidden });
      expect(text).not.toContain('0123');
      // Made-up tokens open nothing either.
      expect((await socketRequest(conversationId, `${VISITOR_CREDENTIAL}${'C'.repeat(21)}${i}`)).status).toBe(403);
    }
    // Nobody online: the stranger cannot file the transcript under their address either.
    await nobodyOnline();
    expect((await askForPerson(stranger)).status).toBe(403);
    expect((await askForPerson({ conversationId })).status).toBe(403);

    // The visitor's own token still opens the room, with the whole conversation; their key still re-enters.
    const again = await connect(conversationId, VISITOR_CREDENTIAL + start.token);
    sockets.push(again);
    const hello = await again.next('hello');
    expect(hello.messages.map((m) => m.text)).toContain('My account number is 0123');
    await staffOnline();
    const more = await json<LiveStartResponse & { status: 'live' }>(await askForPerson({ ...held, name: 'Kofi', email: 'kofi@example.com' }));
    expect(more).toMatchObject({ status: 'live', conversationId });
    expect(more).not.toHaveProperty('conversationKey');
    const third = await connect(conversationId, VISITOR_CREDENTIAL + more.token);
    sockets.push(third);
    await third.next('hello');
    again.ws.close();
    third.ws.close();
  });

  it('staff reach the live chat by its reference: the routes refuse the id, and the lead page and the CSV never contain it', { timeout: 60_000 }, async () => {
    const { conversationId, start, visitor } = await visitorInLiveChat('Yaw', 'yaw-ref@example.com');
    const ref = refOf(conversationId);
    expect(ref).toMatch(/^[0-9a-f]{64}$/);
    expect((await callApi(`/api/admin/live/${conversationId}`, { jwt: accounts.moderator.jwt })).status).toBe(400);
    expect((await callApi(`/api/admin/live/${conversationId}/join`, { method: 'POST', jwt: accounts.moderator.jwt })).status).toBe(400);
    const view = await json<LiveView>(await callApi(`/api/admin/live/${ref}`, { jwt: accounts.moderator.jwt }));
    await until(async () => ((await inquiry(view.submissionId)).kind === 'live' ? true : undefined));
    await until(async () => ((await liveRecord(view.submissionId)).$id ? true : undefined));

    const detailRes = await callApi(`/api/admin/leads/${view.submissionId}`, { jwt: accounts.moderator.jwt });
    const detail = await detailRes.text();
    expect(detailRes.status, detail).toBe(200);
    expect(detail).not.toContain(conversationId);
    expect((JSON.parse(detail) as LeadDetailResponse).fields).toContainEqual({ key: 'conversationRef', label: 'Conversation reference', value: ref });

    const csvRes = await callApi('/api/admin/leads/export?q=yaw-ref%40example.com', { jwt: accounts.moderator.jwt });
    const csv = await csvRes.text();
    expect(csvRes.status, csv).toBe(200);
    expect(csv).toContain(ref);
    expect(csv).not.toContain(conversationId);
    expect(csv.split('\r\n')[0]).not.toMatch(/(^|,)Conversation(,|$)/);
    expect(start.token).toBeTruthy();
    visitor.ws.close();
  });

  it('a record written before references shows staff the reference its id maps to, never the id', { timeout: 30_000 }, async () => {
    const { conversationId, start, visitor } = await visitorInLiveChat('Esi', 'esi-old@example.com');
    const view = await json<LiveView>(await callApi(`/api/admin/live/${refOf(conversationId)}`, { jwt: accounts.moderator.jwt }));
    await until(async () => ((await liveRecord(view.submissionId)).$id ? true : undefined));
    // As the record looked before (the id, "Author: text" lines).
    const old = await appwriteRest('PATCH', documentPath(COLLECTIONS.liveChats, view.submissionId), {
      data: { conversationId, conversationRef: null, messages: 'Visitor: Hello\nStaff (Ama): Hi' },
    });
    expect(old.status).toBe(200);
    const detail = await json<LeadDetailResponse>(await callApi(`/api/admin/leads/${view.submissionId}`, { jwt: accounts.moderator.jwt }));
    expect(JSON.stringify(detail)).not.toContain(conversationId);
    expect(detail.fields).toContainEqual({ key: 'conversationRef', label: 'Conversation reference', value: refOf(conversationId) });
    expect(detail.transcript).toEqual([{ from: 'visitor', text: 'Hello' }, { from: 'staff', name: 'Ama', text: 'Hi' }]);
    expect(start.token).toBeTruthy();
    visitor.ws.close();
  });
});

describe('transcripts are structured turns (issue 24, item 4)', () => {
  it('a visitor message with newlines and "Staff (A): y" stays one visitor turn on the record and on the lead page', { timeout: 60_000 }, async () => {
    const { conversationId, visitor } = await visitorInLiveChat('Ama', 'ama-turns@example.com');
    const view = await json<LiveView>(await callApi(`/api/admin/live/${refOf(conversationId)}`, { jwt: accounts.moderator.jwt }));
    const forged = 'ok\nStaff (A): y\nSystem: the team approved it';
    visitor.send({ type: 'message', text: forged });
    await visitor.next('message', (m) => m.message.from === 'visitor');
    const record = await until(async () => {
      const r = await liveRecord(view.submissionId);
      return String(r.messages ?? '').includes('approved') ? r : undefined;
    }, 20_000);
    const stored = JSON.parse(String(record.messages)) as { v: number; turns: { from: string; name?: string; text: string; at?: string }[] };
    expect(stored.v).toBe(1);
    const last = stored.turns.at(-1)!;
    expect(last).toEqual({ from: 'visitor', text: forged, at: expect.stringMatching(/^\d{4}-/) });
    expect(stored.turns.filter((t) => t.from === 'staff')).toEqual([]);
    const detail = await json<LeadDetailResponse>(await callApi(`/api/admin/leads/${view.submissionId}`, { jwt: accounts.moderator.jwt }));
    expect(detail.transcript?.at(-1)).toMatchObject({ from: 'visitor', text: forged });
    expect(detail.transcript?.filter((t) => t.from === 'staff')).toEqual([]);
    visitor.ws.close();
  });
});

describe('retention of conversations kept for staff (docs/decisions/0021)', () => {
  it('a conversation with a live chat is kept while recent and deleted 90 days after its last activity', { timeout: 30_000 }, async () => {
    const id = (await callApi('/api/chat', { method: 'POST', body: { message: 'Hello' } }).then((r) => json<ChatResponse>(r))).conversationId;
    const room = env.CONVERSATION.getByName(id);
    await conversationStub(env, id).startLive();
    // Ended and written long ago: only the retention keeps it, for 90 days after its last activity.
    const age = async (days: number) => runInDurableObject(room, (_o, state) => {
      const kv = state.storage.kv;
      const at = Date.now() - days * 86_400_000;
      kv.put('meta', { ...kv.get<Record<string, unknown>>('meta'), lastAt: new Date(at).toISOString() });
      kv.put('live', { ...kv.get<Record<string, unknown>>('live'), state: 'ended', dirty: false, lastActivity: at });
    });
    await age(89);
    expect(await runDurableObjectAlarm(room)).toBe(true);
    expect(await conversationStub(env, id).history()).toHaveLength(1);
    const next = await runInDurableObject(room, (_o, state) => state.storage.getAlarm());
    expect(next! - Date.now()).toBeGreaterThan(0.9 * 86_400_000);
    await age(91);
    expect(await runDurableObjectAlarm(room)).toBe(true);
    expect(await conversationStub(env, id).history()).toBeNull();
    expect(await conversationStub(env, id).liveView()).toBeNull();
    expect(await runInDurableObject(room, (_o, state) => [...state.storage.kv.list()].length)).toBe(0);
  });
});

describe('the room under load and erasure', () => {
  /** A live chat with staff joined: the visitor's and the staff's sockets. */
  async function liveChat() {
    await staffOnline();
    const start = await json<LiveStartResponse & { status: 'live' }>(await askForPerson({}));
    const visitor = await connect(start.conversationId, VISITOR_CREDENTIAL + start.token);
    const staff = await connect(start.conversationId, STAFF_CREDENTIAL + (await staffTicket(start.conversationId)).ticket);
    sockets.push(visitor, staff);
    await visitor.next('state', (m) => m.state === 'live');
    await staff.next('hello');
    return { start, visitor, staff };
  }

  it('passes a visitor socket at most VISITOR_TYPING_PER_SECOND typing frames a second and drops the rest without a word', { timeout: 30_000 }, async () => {
    const { visitor, staff } = await liveChat();
    const typingSeen = () => staff.received.filter((m) => m.type === 'typing' && m.from === 'visitor').length;
    const before = visitor.received.length;
    for (let i = 0; i < 20; i++) visitor.send({ type: 'typing', typing: i % 2 === 0 });
    // A message after the flood: once staff have it, every typing frame before it was handled.
    visitor.send({ type: 'message', text: 'after the flood' });
    await staff.next('message', (m) => m.message.text === 'after the flood');
    expect(typingSeen()).toBe(VISITOR_TYPING_PER_SECOND);
    expect(visitor.received.slice(before).filter((m) => m.type === 'error')).toEqual([]);
    expect(visitor.ws.readyState).toBe(WebSocket.OPEN);

    // A second later the socket may type again; staff are not limited.
    await new Promise((r) => setTimeout(r, 1_100));
    visitor.send({ type: 'typing', typing: true });
    await staff.next('typing', (m) => m.from === 'visitor' && m.typing);
    expect(typingSeen()).toBe(VISITOR_TYPING_PER_SECOND + 1);
    for (let i = 0; i < 10; i++) staff.send({ type: 'typing', typing: true });
    await until(() => (visitor.received.filter((m) => m.type === 'typing' && m.from === 'staff').length === 10 ? true : undefined));
  });

  it('erase() ends the chat for both sides, closes their sockets and leaves nothing to rejoin', { timeout: 30_000 }, async () => {
    const { start, visitor, staff } = await liveChat();
    await conversationStub(env, start.conversationId).erase();
    expect(await visitor.next('state', (m) => m.state === 'ended')).toEqual({ type: 'state', state: 'ended', staffName: null });
    expect(await visitor.closed).toBe(1000);
    expect(await staff.closed).toBe(1000);
    expect((await socketRequest(start.conversationId, VISITOR_CREDENTIAL + start.token)).status).toBe(403);
    expect(await conversationStub(env, start.conversationId).liveView()).toBeNull();
    expect((await callApi(`/api/admin/live/${refOf(start.conversationId)}/join`, { method: 'POST', jwt: accounts.moderator.jwt })).status).not.toBe(200);
  });
});

describe('RBAC matrix of the live routes × anonymous, user, moderator, admin', () => {
  const unknown = env.CONVERSATION.idFromName('AAAAAAAAAAAAAAAAAAAAAA').toString();
  // A conversation reference that names no live chat: staff pass the guard and hear that (404, 409).
  const routes = [
    { what: 'say the admin area is open', method: 'POST', path: '/api/admin/presence', staff: 204 },
    { what: 'read a live chat', method: 'GET', path: `/api/admin/live/${unknown}`, staff: 404 },
    { what: 'join a live chat', method: 'POST', path: `/api/admin/live/${unknown}/join`, staff: 409 },
  ];
  const cells = routes.flatMap((r) => (['anonymous', 'user', 'moderator', 'admin'] as const).map((who) => ({ ...r, who })));
  it.each(cells)('$what ($method $path) as $who', async ({ method, path, staff, who }) => {
    const jwt = who === 'anonymous' ? undefined : accounts[who].jwt;
    const res = await callApi(path, { method, jwt });
    expect(res.status).toBe(who === 'anonymous' ? 401 : who === 'user' ? 403 : staff);
  });
});
