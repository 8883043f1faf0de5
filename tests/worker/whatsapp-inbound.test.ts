import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { inquiryDocument } from '../../shared/admin/inquiry.ts';
import { COLLECTIONS } from '../../shared/appwrite/schema.ts';
import { decodeTranscript } from '../../shared/chat/transcript.ts';
import { uniqueId } from '../../shared/id.ts';
import { MATCH_WINDOW_MS, newLeadClaimId, waInActivityId } from '../../shared/whatsapp/matching.ts';
import { newRefCode, prefilledText } from '../../shared/whatsapp/reference.ts';
import type { LeadListResponse } from '../../shared/admin/leadView.ts';
import { customerMessage, newWamid } from '../kit/whatsapp.ts';
import { accounts, appwriteRest, callApi, documentPath } from './appwrite-helpers.ts';
import { consume, until } from './helpers.ts';
import { activitiesOf, doc, filed, leadsOf, newCustomer, sendMessages, sendStatus } from './whatsapp-helpers.ts';

// A customer's WhatsApp messages through the real Worker, ledger and queue to the Appwrite emulator
// (functions/whatsapp/inbound.ts, match.ts, status.ts): exactly once per wamid, every message type, the lead
// each joins, and Meta's statuses of our messages.

const unix = (ms: number) => String(Math.floor(ms / 1000));

/** An inquiry of `kind` straight in Appwrite (as the sink writes it), with extra fields. */
async function existingLead(extra: Record<string, unknown>, kind: 'contact' | 'whatsapp' = 'contact', receivedAt = new Date().toISOString()): Promise<string> {
  const id = uniqueId();
  const inquiry = inquiryDocument({ id, kind, submittedAt: receivedAt, fields: { name: 'Efua Owusu', email: 'efua@example.com', message: 'A website please' } });
  const res = await appwriteRest('POST', documentPath(COLLECTIONS.inquiries), { documentId: id, data: { ...inquiry.data, ...extra } });
  expect(res.status).toBe(201);
  return id;
}

describe('a new number', () => {
  it('starts a WhatsApp lead: the record, the inquiry with its WhatsApp fields, the received event and the message', async () => {
    const customer = newCustomer('Ama Serwaa');
    const message = customerMessage(customer, { text: 'Hello, I need a mobile app for my shop' });
    expect((await sendMessages(customer, [message])).status).toBe(200);
    const [lead] = await filed(customer.from, 1);
    const id = String(lead!.$id);
    expect(lead).toMatchObject({ kind: 'whatsapp', name: 'Ama Serwaa', status: 'new', waId: customer.from, waHandler: 'assistant' });
    expect(lead!.conversationRef).toBe(env.CONVERSATION.idFromName(`wa:${id}`).toString());
    expect(Date.parse(String(lead!.waLastInboundAt))).toBe(Number(message.timestamp) * 1000);
    expect(Date.parse(String(lead!.lastInboundAt))).toBe(Number(message.timestamp) * 1000);
    const record = await doc(COLLECTIONS.whatsappConversations, id);
    expect(record).toMatchObject({ name: 'Ama Serwaa', phone: customer.from, conversationRef: lead!.conversationRef });
    expect(decodeTranscript(String(record.messages)).map((t) => [t.from, t.text])).toEqual([['visitor', 'Hello, I need a mobile app for my shop']]);
    expect((await doc(COLLECTIONS.leadActivity, id)).type).toBe('received');
    const [activity] = await activitiesOf(id);
    expect(activity).toMatchObject({ $id: await waInActivityId(message.id), type: 'wa_in', text: 'Hello, I need a mobile app for my shop', from: customer.from, messageId: message.id });
  });

  it('shows in the inbox under the WhatsApp kind, in search, the CSV export, the overview and the reports', async () => {
    const overview = async () => ((await (await callApi('/api/admin/overview', { jwt: accounts.moderator.jwt })).json()) as { counts: Record<string, number> }).counts.whatsapp ?? 0;
    const weekly = async () => ((await (await callApi('/api/admin/reports', { jwt: accounts.moderator.jwt })).json()) as { perWeek: Record<string, number[]> }).perWeek.whatsapp!.reduce((a, b) => a + b, 0);
    const [before, beforeWeekly] = [await overview(), await weekly()];
    const customer = newCustomer('Yaw Darko');
    const word = `zebra${Date.now().toString(36)}`;
    await sendMessages(customer, [customerMessage(customer, { text: `Quote for a ${word} platform` })]);
    const [lead] = await filed(customer.from, 1);
    const list = (await (await callApi(`/api/admin/leads?kind=whatsapp&q=${word}`, { jwt: accounts.moderator.jwt })).json()) as LeadListResponse;
    expect(list.leads.map((l) => [l.id, l.kind, l.name])).toEqual([[lead!.$id, 'whatsapp', 'Yaw Darko']]);
    expect(list.leads[0]!.summary).toContain(word);
    const byNumber = (await (await callApi(`/api/admin/leads?q=${customer.from}`, { jwt: accounts.moderator.jwt })).json()) as LeadListResponse;
    expect(byNumber.leads.map((l) => l.id)).toEqual([lead!.$id]);
    const csv = await (await callApi(`/api/admin/leads/export?q=${word}`, { jwt: accounts.moderator.jwt })).text();
    expect(csv).toContain('Yaw Darko');
    expect(csv).toContain('WhatsApp');
    expect(await overview()).toBeGreaterThan(before);
    expect(await weekly()).toBeGreaterThan(beforeWeekly);
  });

  it('two messages arriving together make one lead', async () => {
    const customer = newCustomer();
    const [a, b] = await Promise.all([
      sendMessages(customer, [customerMessage(customer, { text: 'Hi' })]),
      sendMessages(customer, [customerMessage(customer, { text: 'Are you there?' })]),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const leads = await filed(customer.from, 2);
    expect(leads).toHaveLength(1);
    expect((await activitiesOf(String(leads[0]!.$id))).map((x) => x.text).sort()).toEqual(['Are you there?', 'Hi']);
  });
});

describe('exactly once', () => {
  it('a message whose new lead was claimed but not written (a failure halfway) writes that lead', async () => {
    const customer = newCustomer('Abena Mensah');
    const leadId = uniqueId();
    const conversationRef = env.CONVERSATION.idFromName(`wa:${leadId}`).toString();
    const claim = await newLeadClaimId({ waId: customer.from, previousLeadId: null });
    await appwriteRest('POST', documentPath(COLLECTIONS.waRefs), { documentId: claim, data: { leadId, conversationRef, createdAt: new Date().toISOString() } });
    await sendMessages(customer, [customerMessage(customer, { text: 'Hello again' })]);
    const leads = await filed(customer.from, 1);
    expect(leads.map((l) => [l.$id, l.kind, l.conversationRef])).toEqual([[leadId, 'whatsapp', conversationRef]]);
    expect((await doc(COLLECTIONS.whatsappConversations, leadId)).phone).toBe(customer.from);
  });


  it('the same delivery twice, and its queued copy, file one activity', async () => {
    const customer = newCustomer();
    const message = customerMessage(customer, { text: 'Once only' });
    await sendMessages(customer, [message]);
    await sendMessages(customer, [message]);
    const [lead] = await filed(customer.from, 1);
    // Let the queued copies run too.
    await new Promise((r) => setTimeout(r, 2500));
    expect(await leadsOf(customer.from)).toHaveLength(1);
    expect(await activitiesOf(String(lead!.$id))).toHaveLength(1);
  });
});

describe('message types', () => {
  it('text, buttons, list replies and media become turns of the timeline; other types are kept as unsupported', async () => {
    const customer = newCustomer();
    const messages = [
      customerMessage(customer, { text: 'Plain words' }),
      customerMessage(customer, { button: { payload: 'YES_CALL', text: 'Yes, call me' } }),
      customerMessage(customer, { buttonReply: { id: 'svc-web', title: 'Web Development' } }),
      customerMessage(customer, { listReply: { id: 'budget-2', title: 'GHS 20k–50k', description: 'Mid range' } }),
      customerMessage(customer, { image: { id: 'media-1', mime_type: 'image/jpeg', sha256: 'abc', caption: 'Our logo' } }),
      customerMessage(customer, { document: { id: 'media-2', mime_type: 'application/pdf', filename: 'brief.pdf' } }),
      customerMessage(customer, { audio: { id: 'media-3', mime_type: 'audio/ogg; codecs=opus', voice: true } }),
      { ...customerMessage(customer, { text: 'x' }), type: 'sticker', text: undefined, sticker: { id: 'media-4', mime_type: 'image/webp', sha256: 'x', animated: false } } as never,
    ].map((m, i) => ({ ...(m as object), timestamp: unix(Date.now() + i * 1000) })) as ReturnType<typeof customerMessage>[];
    expect((await sendMessages(customer, messages)).status).toBe(200);
    const [lead] = await filed(customer.from, messages.length);
    const texts = (await activitiesOf(String(lead!.$id))).sort((a, b) => String(a.at).localeCompare(String(b.at))).map((a) => a.text);
    expect(texts).toEqual([
      'Plain words', 'Yes, call me', 'Web Development', 'GHS 20k–50k', '(Image) Our logo', '(Document: brief.pdf)', '(Voice note)',
      '(A message of a type the site does not read)',
    ]);
    const record = await until(async () => {
      const r = await doc(COLLECTIONS.whatsappConversations, String(lead!.$id));
      return decodeTranscript(String(r.messages)).length === messages.length ? r : undefined;
    });
    expect(decodeTranscript(String(record.messages)).map((t) => t.text)).toEqual(texts);
  });
});

describe('lead matching', () => {
  it('(a) a reference joins the lead of its conversation', async () => {
    const conversationRef = env.CONVERSATION.idFromName(`test-conversation-${uniqueId()}`).toString();
    const leadId = await existingLead({ conversationRef }, 'contact');
    const code = newRefCode();
    await appwriteRest('POST', documentPath(COLLECTIONS.waRefs), { documentId: code, data: { conversationRef, leadId: null, createdAt: new Date().toISOString() } });
    const customer = newCustomer();
    await sendMessages(customer, [customerMessage(customer, { text: prefilledText(code) })]);
    const [lead] = await filed(customer.from, 1);
    expect(lead!.$id).toBe(leadId);
    expect(lead).toMatchObject({ kind: 'contact', waId: customer.from, conversationRef, waHandler: 'assistant' });
  });

  it('(a) a reference to a conversation without a lead starts a WhatsApp lead on that conversation', async () => {
    const conversationRef = env.CONVERSATION.idFromName(`test-conversation-${uniqueId()}`).toString();
    const code = newRefCode();
    await appwriteRest('POST', documentPath(COLLECTIONS.waRefs), { documentId: code, data: { conversationRef, createdAt: new Date().toISOString() } });
    const customer = newCustomer();
    await sendMessages(customer, [customerMessage(customer, { text: prefilledText(code) })]);
    const [lead] = await filed(customer.from, 1);
    expect(lead).toMatchObject({ kind: 'whatsapp', conversationRef });
    expect((await doc(COLLECTIONS.waRefs, code)).leadId).toBe(lead!.$id);
  });

  it('(b) the newest open lead of the number within 30 days; not a closed, archived or older one', async () => {
    const customer = newCustomer();
    const now = Date.now();
    const at = (msAgo: number) => new Date(now - msAgo).toISOString();
    // Candidates, newest first: lost, archived, then an open one just inside 30 days, and one just outside.
    await existingLead({ waId: customer.from, status: 'lost' }, 'whatsapp', at(60_000));
    await existingLead({ waId: customer.from, archived: true }, 'whatsapp', at(120_000));
    const inside = await existingLead({ waId: customer.from, status: 'qualified' }, 'whatsapp', at(MATCH_WINDOW_MS - 60_000));
    await existingLead({ waId: customer.from }, 'whatsapp', at(MATCH_WINDOW_MS + 60_000));
    await sendMessages(customer, [customerMessage(customer, { text: 'Me again' }, newWamid(), unix(now))]);
    await filed(customer.from, 1);
    expect((await activitiesOf(inside)).map((a) => a.text)).toEqual(['Me again']);
  });

  it('(c) a new lead when the number’s only lead is older than 30 days or closed', async () => {
    const customer = newCustomer();
    const old = await existingLead({ waId: customer.from }, 'whatsapp', new Date(Date.now() - MATCH_WINDOW_MS - 60_000).toISOString());
    const won = await existingLead({ waId: customer.from, status: 'won' }, 'whatsapp');
    await sendMessages(customer, [customerMessage(customer, { text: 'New project' })]);
    const leads = await filed(customer.from, 1);
    const fresh = leads.find((l) => l.$id !== old && l.$id !== won);
    expect(fresh).toBeDefined();
    expect((await activitiesOf(String(fresh!.$id))).map((a) => a.text)).toEqual(['New project']);
    expect(await activitiesOf(old)).toEqual([]);
    expect(await activitiesOf(won)).toEqual([]);
  });
});

describe('statuses of our messages', () => {
  async function sentMessage(state = 'sent') {
    const leadId = await existingLead({}, 'whatsapp');
    const wamid = newWamid();
    const id = `wao-${uniqueId()}`;
    await appwriteRest('POST', documentPath(COLLECTIONS.leadActivity), { documentId: id, data: { leadId, type: 'wa_out', at: new Date().toISOString(), text: 'Hello', messageId: wamid, deliveryState: state } });
    return { id, wamid };
  }

  it('move forward only: read stays read when a late delivered arrives', async () => {
    const { id, wamid } = await sentMessage();
    await sendStatus({ id: wamid, recipient: '233200000000', status: 'delivered' });
    await until(async () => ((await doc(COLLECTIONS.leadActivity, id)).deliveryState === 'delivered' ? true : undefined));
    await sendStatus({ id: wamid, recipient: '233200000000', status: 'read' });
    await until(async () => ((await doc(COLLECTIONS.leadActivity, id)).deliveryState === 'read' ? true : undefined));
    const late = await consume('submissions', { v: 1, kind: 'wa-status', id: `wa-status:${wamid}:delivered-late`, submittedAt: new Date().toISOString(), fields: { wamid, status: 'delivered', at: new Date().toISOString(), error: '' } }, 1, env);
    expect(late.result.explicitAcks).toEqual([late.msgId]);
    expect((await doc(COLLECTIONS.leadActivity, id)).deliveryState).toBe('read');
  });

  it('failed carries Meta’s error title and code', async () => {
    const { id, wamid } = await sentMessage();
    await sendStatus({ id: wamid, recipient: '233200000000', status: 'failed', error: { code: 131026, title: 'Message undeliverable' } });
    const activity = await until(async () => {
      const a = await doc(COLLECTIONS.leadActivity, id);
      return a.deliveryState === 'failed' ? a : undefined;
    });
    expect(activity.deliveryError).toBe('Message undeliverable (131026)');
  });

  it('a status for an unknown wamid is looked for again for a while, then dropped with a log line', async () => {
    const wamid = newWamid();
    const job = (submittedAt: string) => ({ v: 1, kind: 'wa-status', id: `wa-status:${wamid}:read:${submittedAt.length}`, submittedAt, fields: { wamid, status: 'read', at: submittedAt, error: '' } });
    const fresh = await consume('submissions', job(new Date().toISOString()), 1, env);
    expect(fresh.retries).toEqual([{ msgId: fresh.msgId, delaySeconds: 30 }]);
    const warn = vi.spyOn(console, 'warn');
    const old = await consume('submissions', { ...job(new Date(Date.now() - 3_600_000).toISOString()), id: `wa-status:${wamid}:read-old` }, 5, env);
    expect(old.result.explicitAcks).toEqual([old.msgId]);
    expect(warn.mock.calls.flat().map(String).some((l) => l.includes('whatsapp.status_unknown_message'))).toBe(true);
    warn.mockRestore();
  });
});

describe('a reply to an existing lead', () => {
  it('marks "Replied by prospect" and keeps a handler a person took', async () => {
    const customer = newCustomer();
    const leadId = await existingLead({ waId: customer.from, waHandler: 'staff', lastOutboundAt: new Date(Date.now() - 60_000).toISOString() }, 'whatsapp');
    await sendMessages(customer, [customerMessage(customer, { text: 'Thanks, and the price?' })]);
    await filed(customer.from, 1);
    const lead = await until(async () => {
      const l = await doc(COLLECTIONS.inquiries, leadId);
      return l.lastInboundAt ? l : undefined;
    });
    expect(lead.waHandler).toBe('staff');
    expect(Date.parse(String(lead.lastInboundAt))).toBeGreaterThan(Date.parse(String(lead.lastOutboundAt)));
  });
});
