import { env } from 'cloudflare:workers';
import { createExecutionContext, createMessageBatch } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { handleQueue, type Sink } from '../../functions/delivery.ts';
import { replyToken } from '../../functions/mail/replyAddress.ts';
import { activityDocument } from '../../shared/admin/inquiry.ts';
import type { LeadActivity, LeadDetailResponse } from '../../shared/admin/leadView.ts';
import { COLLECTIONS } from '../../shared/appwrite/schema.ts';
import { uniqueId } from '../../shared/id.ts';
import { parseMailFields } from '../../shared/mail/outgoing.ts';
import { MAIL_REF_HEADER } from '../../functions/mail/sink.ts';
import { outbox } from '../kit/outbox.ts';
import type { SubmissionMessage } from '../../shared/submission.ts';
import { appConfig } from '../../platform/config.ts';
import { expectApiError } from '../kit/errors.ts';
import { accounts, appwriteRest, callApi, documentPath, } from './appwrite-helpers.ts';
import { consume, validSamples } from './helpers.ts';
import { staffWorker, type Who } from './staff-worker.ts';

// POST /api/admin/leads/:id/emails (the lead page's composer) through the real Worker and the Appwrite
// emulator: who may send, what is refused, one `email_out` activity and one queue job per composer id, and
// the job's threading (In-Reply-To, References, subject, Reply-To). The queue is the test's own here, to read
// the jobs; the real consumer and mail sink then send them to the outbox stand-in, and the real ledger shows
// that two copies of a job are sent once.

const box = outbox(env.MAIL_OUTBOX_URL);

/** A Worker whose SUBMISSIONS queue keeps what is sent (and the rest of `overrides`), through the typed client. */
function composer(who: Who = 'moderator', overrides: Partial<Env> = {}) {
  const { jobs, api } = staffWorker(who, overrides);
  const send = (leadId: string, json: { id: string; text: string; subject?: string }) => api.admin.leads[':id'].emails.$post({ param: { id: leadId }, json });
  return { jobs, send, api };
}

async function arrive(name = `Mail ${uniqueId()}`): Promise<{ id: string; email: string }> {
  const id = uniqueId();
  const email = `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`;
  const { result } = await consume('submissions', { v: 1, id, kind: 'contact', submittedAt: new Date(Date.now() - 3_600_000).toISOString(), fields: { ...validSamples().contact, name, email } }, 1, env);
  expect(result.explicitAcks).toHaveLength(1);
  return { id, email };
}

async function detail(leadId: string): Promise<LeadDetailResponse> {
  const res = await callApi(`/api/admin/leads/${leadId}`, { jwt: accounts.admin.jwt });
  expect(res.status).toBe(200);
  return (await res.json()) as LeadDetailResponse;
}

/** A prospect's answer as mail in records it (the activity only). */
async function inbound(leadId: string, at: Date, messageId: string, subject: string) {
  const doc = activityDocument({ documentId: uniqueId(), leadId, type: 'email_in', at: at.toISOString(), text: 'Thanks, yes please.', from: 'prospect', subject, messageId });
  await appwriteRest('POST', documentPath(COLLECTIONS.leadActivity), { documentId: doc.documentId, data: doc.data });
}

const mailOf = (job: SubmissionMessage | undefined) => {
  expect(job?.kind).toBe('mail');
  const mail = parseMailFields(job!.fields);
  expect(mail, JSON.stringify(job?.fields)).not.toBeNull();
  return mail!;
};

describe('who may send an e-mail from a lead', () => {
  it.each(['anonymous', 'user', 'moderator', 'admin'] as Who[])('as %s', async (who) => {
    const lead = await arrive();
    const { jobs, send } = composer(who);
    const res = await send(lead.id, { id: uniqueId(), text: 'Hello from the team.' });
    if (who === 'anonymous') await expectApiError(res, 401, 'unauthenticated');
    else if (who === 'user') await expectApiError(res, 403, 'forbidden');
    else expect(res.status, await res.clone().text()).toBe(202);
    expect(jobs).toHaveLength(who === 'anonymous' || who === 'user' ? 0 : 1);
    expect((await detail(lead.id)).activity.filter((a) => a.type === 'email_out')).toHaveLength(jobs.length);
  });
});

describe('sending an e-mail from a lead', () => {
  it('records the message as queued, with who sent it, and queues one reply job with a reply address', async () => {
    const lead = await arrive();
    const { jobs, send } = composer('moderator');
    const id = uniqueId();
    const res = await send(lead.id, { id, text: '  \nHello Ama,\n\nthanks for your message.\n\n' });
    expect(res.status, await res.clone().text()).toBe(202);
    const activity = (await res.json()) as LeadActivity;
    expect(activity).toMatchObject({
      id: `out-${id}`, type: 'email_out', deliveryState: 'queued', deliveryError: null, actorId: accounts.moderator.id, actorName: 'Test Moderator',
      text: 'Hello Ama,\n\nthanks for your message.', subject: 'Your enquiry to Volta Labs', to: lead.email,
    });
    expect(activity.messageId).toMatch(/^<[0-9a-f]{32}@voltalabs\.dev>$/);

    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.id).toBe(`mail:reply:${lead.id}:${id}`);
    const mail = mailOf(jobs[0]);
    const token = await replyToken(appConfig(env), lead.id);
    expect(mail).toEqual({
      purpose: 'reply', to: lead.email, subject: 'Your enquiry to Volta Labs', text: 'Hello Ama,\n\nthanks for your message.',
      replyTo: `reply+${token}@reply.voltalabs.dev`, messageId: activity.messageId, inReplyTo: null, references: [],
      leadId: lead.id, activityId: `out-${id}`, byId: accounts.moderator.id, byName: 'Test Moderator',
    });
    // The reply address is on the lead, so the prospect's answer finds it.
    expect((await appwriteRest('GET', documentPath(COLLECTIONS.inquiries, lead.id))).body.replyToken).toBe(token);
    // The history has it, once.
    expect((await detail(lead.id)).activity.filter((a) => a.type === 'email_out').map((a) => a.id)).toEqual([`out-${id}`]);
  });

  it('sends once for a retried POST or a double click with the same id', async () => {
    const lead = await arrive();
    const { jobs, send } = composer('admin');
    const id = uniqueId();
    const body = { id, text: 'Only once, please.' };
    const [a, b] = await Promise.all([send(lead.id, body), send(lead.id, body)]);
    const c = await send(lead.id, body);
    const answers = await Promise.all([a, b, c].map(async (r) => {
      expect(r.status, await r.clone().text()).toBe(202);
      return (await r.json()) as LeadActivity;
    }));
    expect(new Set(answers.map((x) => x.id))).toEqual(new Set([`out-${id}`]));
    expect(new Set(answers.map((x) => x.messageId)).size).toBe(1);
    expect((await detail(lead.id)).activity.filter((x) => x.type === 'email_out')).toHaveLength(1);
    // Every copy of the job has the same id and the same Message-ID; the ledger hands it to the sink once.
    expect(jobs.length).toBeGreaterThanOrEqual(1);
    expect(new Set(jobs.map((j) => j.id))).toEqual(new Set([`mail:reply:${lead.id}:${id}`]));
    expect(new Set(jobs.map((j) => j.fields.messageId))).toEqual(new Set([answers[0]!.messageId]));
    const sent: string[] = [];
    const sink: Sink = { name: `test-mail-${uniqueId()}`, accepts: (kind) => kind === 'mail', deliver: async (m) => void sent.push(m.id) };
    for (const job of jobs) {
      await handleQueue(createMessageBatch('submissions', [{ id: uniqueId(), timestamp: Date.now(), attempts: 1, body: job }]), env, createExecutionContext(), [sink]);
    }
    expect(sent).toEqual([`mail:reply:${lead.id}:${id}`]);

    // The same id for other words is not the same message.
    await expectApiError(await send(lead.id, { id, text: 'Something else.' }), 409, 'id_reused');
    const other = await arrive();
    await expectApiError(await send(other.id, body), 409, 'id_reused');
  });

  it('threads later replies on what was sent: In-Reply-To the latest message either way, References in order, "Re:" the first subject', async () => {
    const lead = await arrive();
    const { jobs, send } = composer('moderator');
    /** The job through the real consumer and mail sink to the outbox; the activity as the sink left it. */
    const deliver = async (n: number, activityId: string) => {
      const { result } = await consume('submissions', jobs[n], 1, env);
      expect(result.explicitAcks).toHaveLength(1);
      const sentMail = await box.waitFor((m) => m.headers[MAIL_REF_HEADER] === jobs[n]!.fields.messageId);
      const activity = (await detail(lead.id)).activity.find((a) => a.id === activityId);
      expect(activity).toMatchObject({ deliveryState: 'sent', messageId: sentMail.messageId });
      return sentMail;
    };

    const first = (await (await send(lead.id, { id: uniqueId(), text: 'First.', subject: 'Your online shop' })).json()) as LeadActivity;
    expect(first.subject).toBe('Your online shop');
    expect(mailOf(jobs[0])).toMatchObject({ subject: 'Your online shop', inReplyTo: null, references: [] });
    const firstSent = await deliver(0, first.id);
    expect(firstSent).toMatchObject({ to: lead.email, subject: 'Your online shop', text: 'First.' });
    expect(firstSent.replyTo).toMatch(/^reply\+[0-9a-f]{32}@reply\.voltalabs\.dev$/);
    expect(firstSent.headers['In-Reply-To']).toBeUndefined();

    const answer = '<prospect-1@mail.example.com>';
    await inbound(lead.id, new Date(Date.now() + 1000), answer, 'Re: Your online shop');
    // Later than the answer, so the clock cannot put them the other way round.
    await new Promise((r) => setTimeout(r, 1100));
    const second = (await (await send(lead.id, { id: uniqueId(), text: 'Second.' })).json()) as LeadActivity;
    expect(second.subject).toBe('Re: Your online shop');
    expect(mailOf(jobs[1])).toMatchObject({ subject: 'Re: Your online shop', inReplyTo: answer, references: [firstSent.messageId, answer] });

    // While the second is only queued, its provisional id is nobody's Message-ID: the third does not thread on it.
    const third = (await (await send(lead.id, { id: uniqueId(), text: 'Third.' })).json()) as LeadActivity;
    expect(mailOf(jobs[2])).toMatchObject({ inReplyTo: answer, references: [firstSent.messageId, answer] });
    const secondSent = await deliver(1, second.id);
    expect(secondSent.headers).toMatchObject({ 'In-Reply-To': answer, References: `${firstSent.messageId} ${answer}` });
    const thirdSent = await deliver(2, third.id);

    // Once sent, ours are what a fourth answers and lists.
    await send(lead.id, { id: uniqueId(), text: 'Fourth.' });
    expect(mailOf(jobs[3])).toMatchObject({ inReplyTo: thirdSent.messageId, references: [firstSent.messageId, answer, secondSent.messageId, thirdSent.messageId] });
    expect(new Set(jobs.map((j) => j.fields.messageId)).size).toBe(4);
  });

  it('never puts an internal note in an e-mail', async () => {
    const lead = await arrive();
    const note = await callApi(`/api/admin/leads/${lead.id}/notes`, { method: 'POST', jwt: accounts.admin.jwt, body: { text: 'SECRET-NOTE budget is flexible' } });
    expect(note.status).toBe(201);
    const { jobs, send } = composer('admin');
    expect((await send(lead.id, { id: uniqueId(), text: 'Our proposal follows.' })).status).toBe(202);
    expect(JSON.stringify(jobs)).not.toContain('SECRET-NOTE');
  });
});

describe('what the composer refuses', () => {
  it('503 when e-mail is not configured (MAIL_FROM empty), nothing recorded or queued', async () => {
    const lead = await arrive();
    const { jobs, send } = composer('admin', { MAIL_FROM: '' } as Partial<Env>);
    const body = await expectApiError(await send(lead.id, { id: uniqueId(), text: 'Hello.' }), 503, 'mail_not_configured');
    expect(body.message).toMatch(/^E-mail is not configured/);
    expect(jobs).toEqual([]);
    expect((await detail(lead.id)).activity.filter((a) => a.type === 'email_out')).toEqual([]);
  });

  it('409 for a lead without a valid e-mail address, 404 for no lead, 400 for a bad lead id', async () => {
    const lead = await arrive();
    await appwriteRest('PATCH', documentPath(COLLECTIONS.inquiries, lead.id), { data: { email: 'odd@example.com?bcc=spy@evil.io' } });
    const { jobs, send } = composer('admin');
    await expectApiError(await send(lead.id, { id: uniqueId(), text: 'Hello.' }), 409, 'no_email');
    await appwriteRest('PATCH', documentPath(COLLECTIONS.inquiries, lead.id), { data: { email: null } });
    await expectApiError(await send(lead.id, { id: uniqueId(), text: 'Hello.' }), 409, 'no_email');
    await expectApiError(await send(`nolead${uniqueId()}`, { id: uniqueId(), text: 'Hello.' }), 404, 'lead_not_found');
    await expectApiError(await send('not an id', { id: uniqueId(), text: 'Hello.' }), 400, 'invalid_id');
    expect(jobs).toEqual([]);
    expect((await detail(lead.id)).activity.filter((a) => a.type === 'email_out')).toEqual([]);
  });

  it('422 for an empty or too long text, a variable left in it, a bad id or subject', async () => {
    const lead = await arrive();
    const { jobs, send } = composer('admin');
    expect((await expectApiError(await send(lead.id, { id: uniqueId(), text: ' \n ' }), 422, 'validation')).fields).toHaveProperty('text');
    expect((await expectApiError(await send(lead.id, { id: uniqueId(), text: 'x'.repeat(5001) }), 422, 'validation')).fields?.text).toMatch(/5000/);
    expect((await expectApiError(await send(lead.id, { id: uniqueId(), text: 'Hi {{first_name}}' }), 422, 'validation')).fields?.text).toMatch(/\{\{first_name\}\}/);
    expect((await expectApiError(await send(lead.id, { id: 'click-1', text: 'Hello.' }), 422, 'validation')).fields).toHaveProperty('id');
    expect((await expectApiError(await send(lead.id, { id: uniqueId(), text: 'Hello.', subject: 's'.repeat(201) }), 422, 'validation')).fields).toHaveProperty('subject');
    expect(jobs).toEqual([]);
  });

  it('503 when the queue does not take the job, and no "queued" message is left behind', async () => {
    const lead = await arrive();
    const broken = { send: async () => { throw new Error('queue down'); } } as unknown as Queue;
    const { send } = composer('admin', { SUBMISSIONS: broken } as Partial<Env>);
    const id = uniqueId();
    const body = await expectApiError(await send(lead.id, { id, text: 'Hello.' }), 503, 'unavailable');
    expect(body.message).toMatch(/nothing was sent/);
    expect((await detail(lead.id)).activity.filter((a) => a.type === 'email_out')).toEqual([]);
    // The same message, tried again once the queue is back, goes.
    const { jobs, send: again } = composer('admin');
    expect((await again(lead.id, { id, text: 'Hello.' })).status).toBe(202);
    expect(jobs).toHaveLength(1);
  });
});
