import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { LEDGER_NAME } from '../../durable/SubmissionLedger.ts';
import type { ApiError } from '../../shared/api.ts';
import type {
  BulkResponse, ErasurePreview, ErasureResponse, LeadActivity, LeadCountsResponse, LeadDetailResponse, LeadListResponse, LeadRow, StaffListResponse,
} from '../../shared/admin/leadView.ts';
import type { SubmissionKind } from '../../shared/appwrite/schema.ts';
import { uniqueId } from '../../shared/id.ts';
import { conversationStub } from '../../functions/chat.ts';
import type { ChatResponse } from '../../shared/chat/api.ts';
import { newConversationId } from '../../shared/chat/conversation.ts';
import type { Exchange } from '../../shared/chat/exchange.ts';
import { accounts, appwrite, appwriteRest, callApi, documentPath } from './appwrite-helpers.ts';
import { consume, validSamples } from './helpers.ts';

// /api/admin/leads through the real Worker and the Appwrite emulator: leads arrive through the real queue
// consumer, staff list, search, work and export them; admins archive and erase. Each test makes leads
// with a word of its own in the name and searches for it, so tests sharing the emulator do not see each
// other's leads.

const word = () => `Zq${uniqueId().slice(-9)}`;

/** One submission of `kind` through the queue consumer (so the sink writes the record and its inquiry). */
async function arrive(kind: SubmissionKind, fields: Record<string, string>, submittedAt = new Date().toISOString()): Promise<string> {
  const id = uniqueId();
  const { result } = await consume('submissions', { v: 1, id, kind, submittedAt, fields }, 1, env);
  expect(result.explicitAcks).toHaveLength(1);
  return id;
}

const contact = (name: string, extra: Record<string, string> = {}) => ({ ...validSamples().contact, name, email: `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`, ...extra });
const chatLead = (name: string) => ({
  name, email: `${name.toLowerCase().replace(/\s+/g, '.')}@chat.example`, phone: '', serviceInterest: 'AI Solutions', budgetRange: '$10k - $25k', timeline: '1-3 months',
  projectSummary: 'A support bot for our shop', collectedAt: new Date().toISOString(), source: 'Chatbot',
  messages: 'Visitor: Hello, we need a bot\nBot: Happy to help. What should it do?\nVisitor: Answer questions\nabout orders',
});

async function json<T>(res: Response, status = 200): Promise<T> {
  const body = await res.text();
  expect(res.status, body).toBe(status);
  return JSON.parse(body) as T;
}

const get = (path: string, jwt = accounts.moderator.jwt) => callApi(`/api/admin/leads${path}`, { jwt });
const send = (method: string, path: string, body?: unknown, jwt = accounts.moderator.jwt) => callApi(`/api/admin/leads${path}`, { method, jwt, body });
const list = async (query: Record<string, string>, jwt = accounts.moderator.jwt) => json<LeadListResponse>(await get(`?${new URLSearchParams(query)}`, jwt));

describe('the inbox list', () => {
  it('lists every kind newest first, with cursor pagination, and filters by kind, status, assignee, date and search', { timeout: 60_000 }, async () => {
    const w = word();
    const t0 = Date.now() - 10 * 60_000;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await arrive('contact', contact(`${w} Person${i}`), new Date(t0 + i * 1000).toISOString()));
    const chat = await arrive('lead', chatLead(`${w} Chatter`), new Date(t0 + 10_000).toISOString());

    const first = await list({ q: w, limit: '4' });
    expect(first.total).toBe(6);
    expect(first.leads.map((l) => l.id)).toEqual([chat, ids[4], ids[3], ids[2]]);
    expect(first.nextCursor).toBe(ids[2]);
    const second = await list({ q: w, limit: '4', cursor: first.nextCursor ?? '' });
    expect(second.leads.map((l) => l.id)).toEqual([ids[1], ids[0]]);
    expect(second.nextCursor).toBeNull();

    const row = first.leads[0];
    expect(row).toMatchObject({ kind: 'lead', name: `${w} Chatter`, status: 'new', assigneeId: null, serviceInterest: 'AI Solutions' });
    expect(row?.summary).toBe('AI Solutions · A support bot for our shop');

    expect((await list({ q: w, kind: 'lead' })).leads.map((l) => l.id)).toEqual([chat]);
    // Search over the message text, and an e-mail address exactly.
    expect((await list({ q: `${w} orders` })).total).toBeGreaterThanOrEqual(1);
    expect((await list({ q: `${w.toLowerCase()}.person3@Example.com` })).leads.map((l) => l.id)).toEqual([ids[3]]);

    await json<LeadRow>(await send('PATCH', `/${ids[1]}/status`, { status: 'qualified' }));
    await json<LeadRow>(await send('PATCH', `/${ids[2]}/assignee`, { assigneeId: 'me' }));
    expect((await list({ q: w, status: 'qualified' })).leads.map((l) => l.id)).toEqual([ids[1]]);
    expect((await list({ q: w, assignee: 'me' })).leads.map((l) => l.id)).toEqual([ids[2]]);
    expect((await list({ q: w, assignee: accounts.moderator.id })).leads.map((l) => l.id)).toEqual([ids[2]]);
    expect((await list({ q: w, assignee: 'me' }, accounts.admin.jwt)).leads).toEqual([]);
    expect((await list({ q: w, assignee: 'unassigned' })).total).toBe(5);

    const today = new Date().toISOString().slice(0, 10);
    expect((await list({ q: w, from: today, to: today })).total).toBe(6);
    expect((await list({ q: w, to: '2020-01-01' })).total).toBe(0);

    // Sorted by reply due: the oldest New first.
    expect((await list({ q: w, sort: 'due', limit: '2' })).leads.map((l) => l.id)).toEqual([ids[0], ids[1]]);

    const counts = await json<LeadCountsResponse>(await get(`/counts?${new URLSearchParams({ q: w, status: 'new' })}`));
    expect(counts.counts).toEqual({ new: 5, contacted: 0, qualified: 1, proposal_sent: 0, won: 0, lost: 0, spam: 0 });
    expect(counts.total).toBe(6);
  });

  it('refuses an invalid view with 422 and the field', async () => {
    const body = await json<ApiError>(await get('?status=closed&limit=500'), 422);
    expect(Object.keys(body.fields ?? {}).sort()).toEqual(['limit', 'status']);
    expect((await json<ApiError>(await get('?from=yesterday'), 422)).fields).toHaveProperty('from');
    expect((await json<ApiError>(await get('/not%20an%20id'), 400)).error).toBe('invalid_id');
  });
});

describe('a lead', () => {
  it('shows every field labelled, the chat transcript, history, other requests of the address and its neighbours', async () => {
    const w = word();
    const chat = await arrive('lead', chatLead(w), new Date(Date.now() - 3000).toISOString());
    const earlier = await arrive('contact', { ...contact(`${w} Again`), email: `${w.toLowerCase()}@chat.example` }, new Date(Date.now() - 60_000).toISOString());
    const detail = await json<LeadDetailResponse>(await get(`/${chat}?q=${w}`));
    expect(detail.lead).toMatchObject({ id: chat, name: w, email: `${w.toLowerCase()}@chat.example` });
    expect(detail.fields).toEqual(expect.arrayContaining([
      { key: 'serviceInterest', label: 'Service interest', value: 'AI Solutions' },
      { key: 'projectSummary', label: 'Project summary', value: 'A support bot for our shop' },
    ]));
    expect(detail.fields.some((f) => f.key === 'messages')).toBe(false);
    expect(detail.transcript).toEqual([
      { from: 'visitor', text: 'Hello, we need a bot' },
      { from: 'assistant', text: 'Happy to help. What should it do?' },
      { from: 'visitor', text: 'Answer questions\nabout orders' },
    ]);
    expect(detail.activity.map((a) => a.type)).toEqual(['received']);
    expect(detail.related).toEqual([expect.objectContaining({ id: earlier, kind: 'contact', status: 'new' })]);
    expect(detail.previousId).toBeNull();
    expect(detail.nextId).toBe(earlier);
    expect((await json<LeadDetailResponse>(await get(`/${earlier}?q=${w}`))).previousId).toBe(chat);

    const contactDetail = await json<LeadDetailResponse>(await get(`/${earlier}`));
    expect(contactDetail.fields.find((f) => f.key === 'message')).toMatchObject({ label: 'Your message' });
    expect(contactDetail.transcript).toBeNull();
    expect((await json<ApiError>(await get(`/${uniqueId()}`), 404)).error).toBe('lead_not_found');
  });

  it('records status changes, assignments and notes with who and when; Contacted with how they answered is the first response, a status alone is not', async () => {
    const w = word();
    const id = await arrive('contact', contact(w));
    const statusOnly = await json<LeadRow>(await send('PATCH', `/${id}/status`, { status: 'contacted' }));
    expect(statusOnly).toMatchObject({ status: 'contacted', firstResponseAt: null });
    const contacted = await json<LeadRow>(await send('PATCH', `/${id}/status`, { status: 'contacted', answeredVia: 'phoned' }));
    expect(Date.parse(contacted.firstResponseAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(contacted).toMatchObject({ firstResponseBy: accounts.moderator.id, firstResponseByName: 'Test Moderator', firstResponseVia: 'phoned' });
    const qualified = await json<LeadRow>(await send('PATCH', `/${id}/status`, { status: 'qualified' }, accounts.admin.jwt));
    expect(qualified.firstResponseAt).toBe(contacted.firstResponseAt);
    // The earliest answer stays.
    const again = await json<LeadRow>(await send('PATCH', `/${id}/status`, { status: 'contacted', answeredVia: 'whatsapp' }, accounts.admin.jwt));
    expect(again).toMatchObject({ firstResponseAt: contacted.firstResponseAt, firstResponseVia: 'phoned' });
    await json<LeadRow>(await send('PATCH', `/${id}/status`, { status: 'qualified' }, accounts.admin.jwt));
    // The same status again changes nothing and records nothing.
    await json<LeadRow>(await send('PATCH', `/${id}/status`, { status: 'qualified' }));

    const assigned = await json<LeadRow>(await send('PATCH', `/${id}/assignee`, { assigneeId: accounts.moderator.id }, accounts.admin.jwt));
    expect(assigned).toMatchObject({ assigneeId: accounts.moderator.id, assigneeName: 'Test Moderator' });
    const note = await json<LeadActivity>(await send('POST', `/${id}/notes`, { text: '  Called, send a proposal on Monday.  ' }), 201);
    expect(note).toMatchObject({ type: 'note', text: 'Called, send a proposal on Monday.', actorId: accounts.moderator.id, actorName: 'Test Moderator' });
    const nobody = await json<LeadRow>(await send('PATCH', `/${id}/assignee`, { assigneeId: null }));
    expect(nobody.assigneeId).toBeNull();

    const { activity } = await json<LeadDetailResponse>(await get(`/${id}`));
    expect(activity.map((a) => [a.type, a.actorName, a.from, a.to])).toEqual([
      ['received', null, null, null],
      ['status', 'Test Moderator', 'New', 'Contacted'],
      ['note', 'Test Moderator', null, null],
      ['status', 'Test Admin', 'Contacted', 'Qualified'],
      ['status', 'Test Admin', 'Qualified', 'Contacted'],
      ['status', 'Test Admin', 'Contacted', 'Qualified'],
      ['assign', 'Test Admin', null, 'Test Moderator'],
      ['note', 'Test Moderator', null, null],
      ['assign', 'Test Moderator', 'Test Moderator', null],
    ]);

    // Only staff can be assigned; bodies are validated.
    expect((await json<ApiError>(await send('PATCH', `/${id}/assignee`, { assigneeId: accounts.user.id }), 422)).error).toBe('not_staff');
    expect((await json<ApiError>(await send('PATCH', `/${id}/status`, { status: 'closed' }), 422)).fields).toHaveProperty('status');
    expect((await json<ApiError>(await send('PATCH', `/${id}/status`, { status: 'won', answeredVia: 'phoned' }), 422)).fields).toHaveProperty('answeredVia');
    expect((await json<ApiError>(await send('PATCH', `/${id}/status`, { status: 'contacted', answeredVia: 'pigeon' }), 422)).fields).toHaveProperty('answeredVia');
    expect((await json<ApiError>(await send('POST', `/${id}/notes`, { text: '   ' }), 422)).fields).toHaveProperty('text');
    expect((await json<ApiError>(await send('PATCH', `/${uniqueId()}/status`, { status: 'won' }), 404)).error).toBe('lead_not_found');
  });

  it('bulk: status, assign and spam on selected leads, reporting those that do not exist', async () => {
    const w = word();
    const a = await arrive('contact', contact(`${w} A`));
    const b = await arrive('booking', { ...validSamples().booking, name: `${w} B` });
    const missing = uniqueId();
    const spam = await json<BulkResponse>(await send('POST', '/bulk', { ids: [a, b, missing], action: { type: 'spam' } }));
    expect(spam.updated.sort()).toEqual([a, b].sort());
    expect(spam.failed).toEqual([{ id: missing, message: `There is no lead with id ${missing}.` }]);
    expect((await list({ q: w, status: 'spam' })).total).toBe(2);
    const assign = await json<BulkResponse>(await send('POST', '/bulk', { ids: [a, b], action: { type: 'assign', assigneeId: 'me' } }, accounts.admin.jwt));
    expect(assign.updated).toHaveLength(2);
    expect((await list({ q: w, assignee: accounts.admin.id })).total).toBe(2);
    await json<BulkResponse>(await send('POST', '/bulk', { ids: [a], action: { type: 'status', status: 'won' } }));
    expect((await list({ q: w, status: 'won' })).leads.map((l) => l.id)).toEqual([a]);
    expect((await json<ApiError>(await send('POST', '/bulk', { ids: [], action: { type: 'spam' } }), 422)).fields).toHaveProperty('ids');
    expect((await json<ApiError>(await send('POST', '/bulk', { ids: [a], action: { type: 'delete' } }), 422)).fields).toHaveProperty('action.type');
  });

  it('archive (admin): the lead leaves the inbox and its history says so', async () => {
    const w = word();
    const id = await arrive('contact', contact(w));
    expect((await json<ApiError>(await send('POST', `/${id}/archive`), 403)).message).toMatch(/admin/);
    expect((await json<LeadRow>(await send('POST', `/${id}/archive`, undefined, accounts.admin.jwt))).archived).toBe(true);
    expect((await list({ q: w })).total).toBe(0);
    const detail = await json<LeadDetailResponse>(await get(`/${id}`));
    expect(detail.activity.map((a) => a.type)).toEqual(['received', 'archive']);
  });

  it('undo of an archive (admin): the lead is back in the inbox as it was, and the history says who restored it', async () => {
    const w = word();
    const id = await arrive('contact', contact(w));
    await json<LeadRow>(await send('PATCH', `/${id}/status`, { status: 'qualified' }));
    await json<LeadRow>(await send('POST', `/${id}/archive`, undefined, accounts.admin.jwt));
    // A moderator may not undo it either (the same rule as archiving), and changes nothing by trying.
    expect((await json<ApiError>(await send('POST', `/${id}/restore`), 403)).message).toMatch(/admin/);
    expect((await list({ q: w })).total).toBe(0);

    const restored = await json<LeadRow>(await send('POST', `/${id}/restore`, undefined, accounts.admin.jwt));
    expect(restored).toMatchObject({ id, archived: false, status: 'qualified' });
    expect((await list({ q: w })).leads.map((l) => l.id)).toEqual([id]);
    // Restoring a lead that is in the inbox is no change and no history entry.
    expect((await json<LeadRow>(await send('POST', `/${id}/restore`, undefined, accounts.admin.jwt))).archived).toBe(false);
    const detail = await json<LeadDetailResponse>(await get(`/${id}`));
    expect(detail.activity.map((a) => a.type)).toEqual(['received', 'status', 'archive', 'restore']);
    expect(detail.activity.at(-1)).toMatchObject({ actorId: accounts.admin.id, actorName: 'Test Admin' });
    await json<ApiError>(await send('POST', '/no-such-lead/restore', undefined, accounts.admin.jwt), 404);
  });
});

describe('the staff list', () => {
  it('has the admins and moderators who can be assigned, not plain users', async () => {
    const { staff } = await json<StaffListResponse>(await get('/staff'));
    const ids = staff.map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining([accounts.admin.id, accounts.moderator.id]));
    expect(ids).not.toContain(accounts.user.id);
    expect(staff.find((s) => s.id === accounts.moderator.id)).toMatchObject({ role: 'moderator', name: 'Test Moderator' });
  });
});

describe('CSV export', () => {
  const parse = (text: string) => text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');

  it('streams the view with every field, neutralising formulas', async () => {
    const w = word();
    const id = await arrive('contact', contact(w, { company: '=HYPERLINK("http://evil.example","x")', message: '@SUM(1+1) is not a formula here, please.' }));
    const chat = await arrive('lead', chatLead(`${w} Chat`));
    await json<LeadRow>(await send('PATCH', `/${id}/status`, { status: 'contacted', answeredVia: 'whatsapp' }));
    const res = await get(`/export?q=${w}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/csv/);
    expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = parse(await res.text());
    expect(lines[0]).toMatch(/^Lead id,Kind,Status,Received,Reply due,First response,First response by,First response how,Assignee,Name,Email,Company,Summary,/);
    expect(lines[0]).toContain('Your message');
    expect(lines[0]).toContain('Chat transcript');
    expect(lines).toHaveLength(3);
    const row = lines.find((l) => l.startsWith(id)) ?? '';
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(row).toContain("'@SUM(1+1) is not a formula here");
    expect(row).not.toMatch(/,=|,@|,\+|,-/);
    expect(row).toContain(',Test Moderator,WhatsApp,');
    expect(lines.some((l) => l.startsWith(chat) && l.includes('Visitor: Hello, we need a bot'))).toBe(true);
  });

  // 1,200 leads are three pages of the export (500 each, the last one short). 10,000 are measured by
  // `npm run bench:admin`; here they would slow every other test that shares the emulator.
  it('exports every lead of a view over several pages', { timeout: 120_000 }, async () => {
    const w = word();
    const base = Date.parse('2025-01-01T00:00:00.000Z');
    // Straight into Appwrite (as the seed does): the queue would take minutes for this many.
    const docs = Array.from({ length: 1200 }, (_, i) => ({
      documentId: `${w.toLowerCase()}-${i}`,
      data: { kind: 'contact', name: `${w} Bulk ${i}`, email: `bulk${i}@example.com`, summary: `-${i}`, searchText: `${w} bulk`, status: 'new', receivedAt: new Date(base + i * 1000).toISOString(), dueAt: new Date(base + i * 1000 + 86_400_000).toISOString(), archived: false },
    }));
    for (let i = 0; i < docs.length; i += 50) {
      await Promise.all(docs.slice(i, i + 50).map((d) => appwriteRest('POST', documentPath('inquiries'), d)));
    }
    const started = Date.now();
    const res = await get(`/export?q=${w}`);
    const lines = parse(await res.text());
    const seconds = (Date.now() - started) / 1000;
    expect(lines).toHaveLength(1201);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[0])).size).toBe(1200);
    expect(lines[1]).toContain(`'-1199`);
    console.log(`export of 1,200 leads: ${seconds.toFixed(1)} s`);
  });
});

describe('erasure of a person\'s data (admin)', () => {
  it('previews, then removes the requests, inquiries, history and parked deliveries of an address, keeping an erasure event without personal data', { timeout: 60_000 }, async () => {
    const w = word();
    const email = `${w.toLowerCase()}@erase.example`;
    const other = await arrive('contact', contact(`${w} Other`));
    const one = await arrive('contact', { ...contact(w), email: email.toUpperCase() });
    const two = await arrive('lead', { ...chatLead(w), email });
    await json<LeadActivity>(await send('POST', `/${one}/notes`, { text: 'Asked for a call' }), 201);
    await env.SUBMISSION_LEDGER.getByName(LEDGER_NAME).park({ id: uniqueId(), kind: 'contact', submittedAt: null, message: { v: 1, id: uniqueId(), kind: 'contact', submittedAt: new Date().toISOString(), fields: { email: email.toUpperCase() } } });

    expect((await json<ApiError>(await send('POST', '/erasure/preview', { email }), 403)).message).toMatch(/admin/);
    const preview = await json<ErasurePreview>(await send('POST', '/erasure/preview', { email }, accounts.admin.jwt));
    expect(preview.requests.map((r) => r.id).sort()).toEqual([one, two].sort());
    expect(preview).toMatchObject({ activity: 3, parked: 1 });

    const done = await json<ErasureResponse>(await send('POST', '/erasure', { email }, accounts.admin.jwt));
    expect(done).toMatchObject({ erased: true, activity: 3, parked: 1, conversations: 0 });
    for (const [collection, id] of [['inquiries', one], ['inquiries', two], ['contact_messages', one], ['leads', two], ['lead_activity', one]] as const) {
      expect((await appwriteRest('GET', documentPath(collection, id))).status, `${collection}/${id}`).toBe(404);
    }
    expect((await list({ q: w })).leads.map((l) => l.id)).toEqual([other]);
    const after = await json<ErasurePreview>(await send('POST', '/erasure/preview', { email }, accounts.admin.jwt));
    expect(after).toMatchObject({ requests: [], activity: 0, parked: 0 });

    const q = encodeURIComponent(JSON.stringify({ method: 'equal', attribute: 'type', values: ['erasure'] }));
    const events = (await appwriteRest('GET', `${documentPath('lead_activity')}?queries[0]=${q}&queries[1]=${encodeURIComponent(JSON.stringify({ method: 'limit', values: [500] }))}`)).body.documents as Record<string, unknown>[];
    const event = events.find((e) => String(e.text).includes('2 requests, 3 history entries, 0 chat conversations and 1 parked delivery'));
    expect(event).toMatchObject({ actorId: accounts.admin.id, actorName: 'Test Admin' });
    expect(JSON.stringify(event)).not.toContain(w.toLowerCase());
    expect((await json<ApiError>(await send('POST', '/erasure', { email: 'not-an-address' }, accounts.admin.jwt), 422)).fields).toHaveProperty('email');
  });

  it('erases the chat conversations the requests came from: their objects hold nothing, no alarm, and the id starts nothing', { timeout: 60_000 }, async () => {
    const w = word();
    const email = `${w.toLowerCase()}@erase-chat.example`;
    const said = (text: string): Exchange => ({ at: new Date().toISOString(), source: 'local', contents: [{ role: 'user', parts: [{ text }] }, { role: 'model', parts: [{ text: 'Noted.' }] }] });
    // An AI-filed lead's conversation (kept for good once it has a lead) and one that went to staff.
    const leadChat = newConversationId();
    await conversationStub(env, leadChat).append(said(`My budget is secret ${w}`));
    const claim = await conversationStub(env, leadChat).claimLead();
    await conversationStub(env, leadChat).leadFiled(claim.id);
    const liveChat = newConversationId();
    await conversationStub(env, liveChat).append(said(`I want a person ${w}`));
    await conversationStub(env, liveChat).startLive();
    const other = newConversationId();
    await conversationStub(env, other).append(said('Someone else'));
    await arrive('lead', { ...chatLead(w), email, conversationId: leadChat });
    // Records name their conversation by reference (docs/decisions/0021); older ones by id (the lead above).
    await arrive('live', { name: w, email, conversationRef: env.CONVERSATION.idFromName(liveChat).toString(), mode: 'live', liveState: 'waiting', messages: `Visitor: I want a person ${w}`, source: 'Chatbot' });
    await arrive('lead', { ...chatLead(`${w} Other`), conversationId: other });

    const preview = await json<ErasurePreview>(await send('POST', '/erasure/preview', { email }, accounts.admin.jwt));
    expect(preview).toMatchObject({ conversations: 2 });
    expect(preview.requests.map((r) => r.kind).sort()).toEqual(['lead', 'live']);
    expect(await json<ErasureResponse>(await send('POST', '/erasure', { email }, accounts.admin.jwt))).toMatchObject({ erased: true, conversations: 2 });

    for (const id of [leadChat, liveChat]) {
      const held = await runInDurableObject(env.CONVERSATION.getByName(id), async (_o, state) => ({ keys: [...state.storage.kv.list()].length, alarm: await state.storage.getAlarm() }));
      expect(held, id).toEqual({ keys: 0, alarm: null });
      expect(await conversationStub(env, id).history()).toBeNull();
      expect(await conversationStub(env, id).liveView()).toBeNull();
    }
    expect(await conversationStub(env, other).history()).toHaveLength(1);

    // The visitor's widget still holds the id: its next message starts a new conversation, which knows nothing.
    const res = await callApi('/api/chat', { method: 'POST', body: { message: `Hello again ${w}`, conversationId: leadChat } });
    const answer = await json<ChatResponse>(res);
    expect(answer.conversationId).not.toBe(leadChat);
    const fresh = await conversationStub(env, answer.conversationId).transcript();
    expect(fresh.map((m) => m.text).join('\n')).not.toContain('secret');
    expect(await conversationStub(env, leadChat).history()).toBeNull();
    const q = encodeURIComponent(JSON.stringify({ method: 'equal', attribute: 'type', values: ['erasure'] }));
    const events = (await appwriteRest('GET', `${documentPath('lead_activity')}?queries[0]=${q}&queries[1]=${encodeURIComponent(JSON.stringify({ method: 'limit', values: [500] }))}`)).body.documents as Record<string, unknown>[];
    expect(events.some((e) => String(e.text).includes('2 requests, 2 history entries, 2 chat conversations and 0 parked deliveries'))).toBe(true);
  });
});

describe('when Appwrite is down', () => {
  it('answers 503 with the one error shape', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { default: worker } = await import('../../functions/index.ts');
    const { createExecutionContext } = await import('cloudflare:test');
    const res = await worker.fetch(new Request('http://localhost/api/admin/leads', { headers: { Authorization: `Bearer ${accounts.admin.jwt}` } }),
      { ...env, APPWRITE_ENDPOINT: appwrite.downEndpoint } as Env, createExecutionContext());
    expect((await json<ApiError>(res, 503)).error).toBe('accounts_unreachable');
    vi.restoreAllMocks();
  });
});

// --- Who may do what (docs/product.md "Admin area"; shared/admin/permissions.ts) --------------------------

type Who = 'anonymous' | 'user' | 'moderator' | 'admin';
const jwtOf: Record<Who, string | undefined> = { anonymous: undefined, user: accounts.user.jwt, moderator: accounts.moderator.jwt, admin: accounts.admin.jwt };

interface RouteCase {
  name: string;
  method: string;
  /** The path (under /api/admin/leads) and body, made for each call from a lead of its own. */
  request: (lead: string) => { path: string; body?: unknown };
  /** Only admins (moderators get 403). */
  adminOnly?: boolean;
  ok: number;
}

const routes: RouteCase[] = [
  { name: 'list', method: 'GET', request: () => ({ path: '' }), ok: 200 },
  { name: 'counts', method: 'GET', request: () => ({ path: '/counts' }), ok: 200 },
  { name: 'export', method: 'GET', request: (lead) => ({ path: `/export?q=${lead}` }), ok: 200 },
  { name: 'staff', method: 'GET', request: () => ({ path: '/staff' }), ok: 200 },
  { name: 'detail', method: 'GET', request: (lead) => ({ path: `/${lead}` }), ok: 200 },
  { name: 'status', method: 'PATCH', request: (lead) => ({ path: `/${lead}/status`, body: { status: 'contacted' } }), ok: 200 },
  { name: 'assign', method: 'PATCH', request: (lead) => ({ path: `/${lead}/assignee`, body: { assigneeId: 'me' } }), ok: 200 },
  { name: 'note', method: 'POST', request: (lead) => ({ path: `/${lead}/notes`, body: { text: 'RBAC note' } }), ok: 201 },
  { name: 'bulk', method: 'POST', request: (lead) => ({ path: '/bulk', body: { ids: [lead], action: { type: 'spam' } } }), ok: 200 },
  { name: 'archive', method: 'POST', request: (lead) => ({ path: `/${lead}/archive` }), adminOnly: true, ok: 200 },
  { name: 'restore', method: 'POST', request: (lead) => ({ path: `/${lead}/restore` }), adminOnly: true, ok: 200 },
  { name: 'erasure preview', method: 'POST', request: () => ({ path: '/erasure/preview', body: { email: `${word().toLowerCase()}@nobody.example` } }), adminOnly: true, ok: 200 },
  { name: 'erasure', method: 'POST', request: () => ({ path: '/erasure', body: { email: `${word().toLowerCase()}@nobody.example` } }), adminOnly: true, ok: 200 },
];

const expected = (route: RouteCase, who: Who) =>
  who === 'anonymous' ? 401 : who === 'user' ? 403 : who === 'moderator' && route.adminOnly ? 403 : route.ok;

describe('RBAC matrix: every lead route × anonymous, user, moderator, admin', () => {
  const cases = routes.flatMap((route) => (['anonymous', 'user', 'moderator', 'admin'] as const).map((who) => ({ route, who, status: expected(route, who) })));
  it.each(cases)('$route.name ($route.method) as $who → $status', async ({ route, who, status }) => {
    const w = word();
    const lead = await arrive('contact', contact(w));
    const { path, body } = route.request(lead);
    const res = await callApi(`/api/admin/leads${path}`, { method: route.method, jwt: jwtOf[who], body });
    const text = await res.text();
    expect(res.status, text).toBe(status);
    if (status >= 400) {
      expect(JSON.parse(text)).toMatchObject({ error: status === 401 ? 'unauthenticated' : 'forbidden' });
      // A refused write changed nothing.
      const detail = await json<LeadDetailResponse>(await get(`/${lead}`, accounts.admin.jwt));
      expect(detail.lead).toMatchObject({ status: 'new', assigneeId: null, archived: false });
      expect(detail.activity.map((a) => a.type)).toEqual(['received']);
    }
  });
});
