import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { staffConversationRef } from '../../functions/admin/leadWhatsApp.ts';
import { waOutActivityId, waOutJobId } from '../../functions/whatsapp/outbound.ts';
import { inquiryDocument } from '../../shared/admin/inquiry.ts';
import type { LeadActivity } from '../../shared/admin/leadView.ts';
import { COLLECTIONS } from '../../shared/appwrite/schema.ts';
import { uniqueId } from '../../shared/id.ts';
import type { LeadWhatsAppResponse } from '../../shared/whatsapp/composer.ts';
import { expectApiError } from '../kit/errors.ts';
import { graphStandIn } from '../kit/whatsapp.ts';
import { accounts, appwriteRest, documentPath, } from './appwrite-helpers.ts';
import { consume, validSamples } from './helpers.ts';
import { staffWorker, type Who } from './staff-worker.ts';

// GET/POST /api/admin/leads/:id/whatsapp (the lead page's WhatsApp composer) through the real Worker, the
// Appwrite emulator, the real ledger and the Graph API stand-in (tests/emulators/whatsapp), which keeps its own
// 24-hour windows and answers 131047 outside them, like Meta. The queue is the test's own, so the sends the
// stand-in records are the composer's own (queueWhatsApp delivers at once, through the ledger).

const standIn = graphStandIn((env as unknown as { WHATSAPP_STANDIN: string }).WHATSAPP_STANDIN);

function composer(who: Who = 'moderator', overrides: Partial<Env> = {}) {
  const { jobs, api } = staffWorker(who, overrides);
  return {
    jobs,
    send: (leadId: string, json: { id: string; text: string } | { id: string; template: string }) => api.admin.leads[':id'].whatsapp.$post({ param: { id: leadId }, json }),
    state: (leadId: string) => api.admin.leads[':id'].whatsapp.$get({ param: { id: leadId } }),
  };
}

let n = 0;
/** A Ghanaian mobile number unique in the run: national form and wa_id. */
function ghanaNumber() {
  const nine = `24${String(Date.now() % 10_000_000).padStart(7, '0')}`.slice(0, 7) + String(++n % 100).padStart(2, '0');
  return { national: `0${nine.slice(0, 2)} ${nine.slice(2, 5)} ${nine.slice(5)}`, waId: `233${nine}` };
}

/** A WhatsApp lead whose customer last wrote `lastInbound` ago (ms), told to the stand-in too unless `standInKnows` is false. */
async function whatsappLead(options: { lastInboundMsAgo?: number; standInKnows?: boolean; serviceInterest?: string | null } = {}) {
  const { waId } = ghanaNumber();
  const leadId = uniqueId();
  const at = new Date(Date.now() - (options.lastInboundMsAgo ?? 60_000)).toISOString();
  const inquiry = inquiryDocument({
    id: leadId, kind: 'whatsapp', submittedAt: at,
    fields: { name: 'Kofi Boateng', ...(options.serviceInterest === null ? {} : { serviceInterest: options.serviceInterest ?? 'Mobile Apps' }) },
  });
  await appwriteRest('POST', documentPath(COLLECTIONS.inquiries), { documentId: leadId, data: { ...inquiry.data, waId, waLastInboundAt: at, waHandler: 'assistant' } });
  if (options.standInKnows !== false) await standIn.inbound(waId, at);
  return { leadId, waId };
}

/** A contact form lead (e-mail) with a phone number written the Ghanaian way. */
async function emailLead(phone?: string) {
  const id = uniqueId();
  const number = ghanaNumber();
  const { result } = await consume('submissions', {
    v: 1, id, kind: 'contact', submittedAt: new Date(Date.now() - 3_600_000).toISOString(),
    fields: { ...validSamples().contact, name: 'Ama Mensah', email: `ama.${id.toLowerCase()}@example.com`, phone: phone ?? number.national },
  }, 1, env);
  expect(result.explicitAcks).toHaveLength(1);
  return { leadId: id, waId: number.waId };
}

const inquiryOf = async (leadId: string) => (await appwriteRest('GET', documentPath(COLLECTIONS.inquiries, leadId))).body;

describe('who may use the WhatsApp composer', () => {
  it.each(['anonymous', 'user', 'moderator', 'admin'] as Who[])('as %s', async (who) => {
    const { leadId, waId } = await whatsappLead();
    const { send, state } = composer(who);
    const res = await send(leadId, { id: uniqueId(), text: 'Hello from the team.' });
    const read = await state(leadId);
    if (who === 'anonymous') {
      await expectApiError(res, 401, 'unauthenticated');
      await expectApiError(read, 401, 'unauthenticated');
    } else if (who === 'user') {
      await expectApiError(res, 403, 'forbidden');
      await expectApiError(read, 403, 'forbidden');
    } else {
      expect(res.status, await res.clone().text()).toBe(202);
      expect(read.status).toBe(200);
    }
    expect(await standIn.received(waId)).toHaveLength(who === 'anonymous' || who === 'user' ? 0 : 1);
  });
});

describe('free text inside the 24-hour window', () => {
  it('is sent once to the customer, recorded as sent by the staff member, stops the clock, and hands the conversation to a person', async () => {
    const { leadId, waId } = await whatsappLead();
    const { send, jobs } = composer('moderator');
    const id = uniqueId();
    const res = await send(leadId, { id, text: '  \nHello Kofi, happy to help.\n\n' });
    expect(res.status, await res.clone().text()).toBe(202);
    const activity = (await res.json()) as LeadActivity;
    const received = await standIn.received(waId);
    expect(received.map((r) => r.text)).toEqual(['Hello Kofi, happy to help.']);
    expect(activity).toMatchObject({
      id: await waOutActivityId(waOutJobId('staff', leadId, id)), type: 'wa_out', to: waId, text: 'Hello Kofi, happy to help.',
      deliveryState: 'sent', messageId: received[0]?.id, waTemplate: null, actorId: accounts.moderator.id, actorName: 'Test Moderator',
    });
    expect(jobs.map((j) => j.id)).toEqual([waOutJobId('staff', leadId, id)]);
    expect(await inquiryOf(leadId)).toMatchObject({ firstResponseVia: 'whatsapp', firstResponseBy: accounts.moderator.id, firstResponseByName: 'Test Moderator', waHandler: 'staff' });
  });

  it('sends once for a double click or a retried POST with the same composer id; other words under it are refused', async () => {
    const { leadId, waId } = await whatsappLead();
    const { send } = composer('admin');
    const body = { id: uniqueId(), text: 'Only once, please.' };
    const answers = await Promise.all([send(leadId, body), send(leadId, body)]);
    answers.push(await send(leadId, body));
    const ids = await Promise.all(answers.map(async (r) => {
      expect(r.status, await r.clone().text()).toBe(202);
      return ((await r.json()) as LeadActivity).id;
    }));
    expect(new Set(ids).size).toBe(1);
    expect(await standIn.received(waId)).toHaveLength(1);
    await expectApiError(await send(leadId, { id: body.id, text: 'Something else.' }), 409, 'id_reused');
    expect(await standIn.received(waId)).toHaveLength(1);
  });

  it('refuses a text with a saved reply variable left in it', async () => {
    const { leadId, waId } = await whatsappLead();
    const res = await composer().send(leadId, { id: uniqueId(), text: 'Hello {{first_name}}' });
    expect((await expectApiError(res, 422, 'validation')).message).toContain('{{first_name}}');
    expect(await standIn.received(waId)).toEqual([]);
  });

  it('records Failed with Meta’s reason when WhatsApp refuses it (131047)', async () => {
    // Our record says the window is open; Meta (the stand-in) never saw the customer write.
    const { leadId, waId } = await whatsappLead({ standInKnows: false });
    const res = await composer().send(leadId, { id: uniqueId(), text: 'Hello?' });
    expect(res.status, await res.clone().text()).toBe(202);
    const activity = (await res.json()) as LeadActivity;
    expect(activity.deliveryState).toBe('failed');
    expect(activity.deliveryError).toContain('131047');
    expect(await standIn.received(waId)).toEqual([]);
  });
});

describe('after the window', () => {
  it('refuses free text with 409 and the time it closed, and sends nothing', async () => {
    const { leadId, waId } = await whatsappLead({ lastInboundMsAgo: 25 * 3_600_000 });
    const { send, jobs } = composer();
    const body = await expectApiError(await send(leadId, { id: uniqueId(), text: 'Are you still there?' }), 409, 'window_closed');
    expect(body.message).toMatch(/^The 24-hour window closed at \d{4}-\d\d-\d\d \d\d:\d\d UTC; send an approved template instead\.$/);
    expect(jobs).toEqual([]);
    expect(await standIn.received(waId)).toEqual([]);
    const read = (await (await composer().state(leadId)).json()) as LeadWhatsAppResponse;
    expect(read).toMatchObject({ configured: true, waId, conversation: true, canSendText: false });
  });

  it('sends an approved template with its parameters filled from the lead and the staff member', async () => {
    const { leadId, waId } = await whatsappLead({ lastInboundMsAgo: 30 * 3_600_000 });
    const res = await composer('admin').send(leadId, { id: uniqueId(), template: 'lead_follow_up/en' });
    expect(res.status, await res.clone().text()).toBe(202);
    const activity = (await res.json()) as LeadActivity;
    const text = 'Hello Kofi, this is Test Admin from Volta Labs. Thank you for your interest in Mobile Apps. Is now a good time to talk about your project?';
    expect(activity).toMatchObject({ type: 'wa_out', deliveryState: 'sent', waTemplate: 'lead_follow_up/en', text });
    const received = await standIn.received(waId);
    expect(received).toHaveLength(1);
    expect(received[0]?.template).toEqual({ name: 'lead_follow_up', language: 'en', params: ['Kofi', 'Test Admin', 'Mobile Apps'] });
  });

  it('refuses a template that is not configured (422) and one with a variable the lead has no value for', async () => {
    const { leadId, waId } = await whatsappLead({ lastInboundMsAgo: 30 * 3_600_000, serviceInterest: null });
    const { send } = composer();
    await expectApiError(await send(leadId, { id: uniqueId(), template: 'no_such_template/en' }), 422, 'unknown_template');
    const missing = await expectApiError(await send(leadId, { id: uniqueId(), template: 'lead_follow_up/en' }), 422, 'template_incomplete');
    expect(missing.message).toContain('{{service}}');
    expect(await standIn.received(waId)).toEqual([]);
    // The other template has every value: it goes.
    expect((await send(leadId, { id: uniqueId(), template: 'consultation_invite/en' })).status).toBe(202);
    expect((await standIn.received(waId)).map((r) => r.template?.params)).toEqual([['Kofi', 'http://localhost:8787/booking']]);
  });
});

describe('an e-mail lead with a phone number', () => {
  it('is offered templates only; a template starts the conversation and links the lead to it', async () => {
    const { leadId, waId } = await emailLead();
    const { send, state } = composer('moderator');
    const read = (await (await state(leadId)).json()) as LeadWhatsAppResponse;
    expect(read).toMatchObject({ configured: true, waId, noNumber: null, conversation: false, windowClosesAt: null, canSendText: false });
    expect(read.templates.map((t) => t.id)).toEqual(['lead_follow_up/en', 'consultation_invite/en']);
    expect(read.templates[1]).toEqual({ id: 'consultation_invite/en', label: 'Invite to a consultation', text: 'Hello Ama, would you like a free 30-minute consultation with Volta Labs? Pick a time here: http://localhost:8787/booking', missing: [] });

    await expectApiError(await send(leadId, { id: uniqueId(), text: 'Hi Ama, it is Volta Labs.' }), 409, 'template_required');
    expect(await standIn.received(waId)).toEqual([]);

    const res = await send(leadId, { id: uniqueId(), template: 'consultation_invite/en' });
    expect(res.status, await res.clone().text()).toBe(202);
    expect((await standIn.received(waId)).map((r) => r.template?.name)).toEqual(['consultation_invite']);
    expect(await inquiryOf(leadId)).toMatchObject({ waId, conversationRef: staffConversationRef(env, leadId), waHandler: 'staff', firstResponseVia: 'whatsapp' });
    // Still no free text: the customer has not written yet.
    await expectApiError(await send(leadId, { id: uniqueId(), text: 'Hello again.' }), 409, 'template_required');
  });

  it('refuses a number that cannot be read for sure, with a message', async () => {
    const { leadId } = await emailLead('24 123 4567');
    const { send, state } = composer();
    const read = (await (await state(leadId)).json()) as LeadWhatsAppResponse;
    expect(read.waId).toBeNull();
    expect(read.noNumber).toContain('country code');
    expect((await expectApiError(await send(leadId, { id: uniqueId(), template: 'consultation_invite/en' }), 409, 'no_whatsapp')).message).toContain('country code');
  });
});

describe('without WhatsApp configured', () => {
  it('answers 503 with a clear message, and GET says it is not configured', async () => {
    const { leadId, waId } = await whatsappLead();
    const { send, state } = composer('admin', { WHATSAPP_TOKEN: '' } as Partial<Env>);
    const body = await expectApiError(await send(leadId, { id: uniqueId(), text: 'Hello' }), 503, 'whatsapp_not_configured');
    expect(body.message).toContain('not configured');
    expect(await (await state(leadId)).json()).toMatchObject({ configured: false, canSendText: false, templates: [] });
    expect(await standIn.received(waId)).toEqual([]);
  });
});
