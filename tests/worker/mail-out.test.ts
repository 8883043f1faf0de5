import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEDGER_NAME } from '../../durable/SubmissionLedger.ts';
import { mailSink, MAIL_REF_HEADER, RESENT_NOTE } from '../../functions/mail/sink.ts';
import { sinks } from '../../functions/delivery.ts';
import { enqueueSubmission } from '../../functions/submissions.ts';
import { appConfig } from '../../platform/config.ts';
import { MailOutcomeUnknown, MailRefused, sendMail } from '../../platform/mail.ts';
import { activityDocument, inquiryDocument } from '../../shared/admin/inquiry.ts';
import { COLLECTIONS } from '../../shared/appwrite/schema.ts';
import { uniqueId } from '../../shared/id.ts';
import { createLogger } from '../../shared/log.ts';
import { mailFields, newMessageId, type OutgoingMail } from '../../shared/mail/outgoing.ts';
import type { SubmissionMessage } from '../../shared/submission.ts';
import { outbox } from '../kit/outbox.ts';
import { appwriteRest, documentPath } from './appwrite-helpers.ts';
import { consume } from './helpers.ts';

// Mail out (functions/mail/sink.ts, platform/mail.ts): jobs of kind `mail` through the Worker's real queue
// consumer, into the outbox stand-in that takes what the EMAIL binding would send (MAIL_OUTBOX_URL, started
// by global-setup.ts). Each test writes to an address of its own, so the stand-in's records and modes are its own.

const box = outbox(env.MAIL_OUTBOX_URL);
const ledger = () => env.SUBMISSION_LEDGER.getByName(LEDGER_NAME);
const FROM = env.MAIL_FROM;

afterEach(() => {
  vi.restoreAllMocks();
});

const address = () => `prospect-${uniqueId()}@example.com`;

function mail(over: Partial<OutgoingMail> = {}): OutgoingMail {
  return {
    purpose: 'reply',
    to: address(),
    subject: 'Re: Your online shop',
    text: 'Hello Ama,\n\nThank you for your message. We can start next week.\n\nKwame',
    replyTo: 'reply+0123456789abcdef0123456789abcdef@reply.voltalabs.dev',
    messageId: newMessageId(FROM),
    inReplyTo: null,
    references: [],
    leadId: null,
    activityId: null,
    byId: null,
    byName: null,
    ...over,
  };
}

const job = (m: OutgoingMail, fields: Record<string, string> = mailFields(m)): SubmissionMessage =>
  ({ v: 1, id: `mail:${uniqueId()}`, kind: 'mail', submittedAt: new Date().toISOString(), fields });

/** A lead (inquiry) and its email_out activity in state queued, as the composer writes them. */
async function leadWithQueuedEmail(to: string) {
  const leadId = uniqueId();
  const inquiry = inquiryDocument({ id: leadId, kind: 'contact', submittedAt: new Date(Date.now() - 3_600_000).toISOString(), fields: { name: 'Ama Mensah', email: to, message: 'We need a shop.' } });
  await appwriteRest('POST', documentPath(COLLECTIONS.inquiries), { documentId: leadId, data: inquiry.data });
  const activity = activityDocument({ documentId: uniqueId(), leadId, type: 'email_out', at: new Date().toISOString(), actor: { id: 'test-admin', name: 'Kwame Admin' }, to, subject: 'Re: Your online shop', text: 'Hello Ama', deliveryState: 'queued' });
  const created = await appwriteRest('POST', documentPath(COLLECTIONS.leadActivity), { documentId: activity.documentId, data: activity.data });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { leadId, activityId: activity.documentId };
}

const activityOf = async (id: string) => (await appwriteRest('GET', documentPath(COLLECTIONS.leadActivity, id))).body;
const inquiryOf = async (id: string) => (await appwriteRest('GET', documentPath(COLLECTIONS.inquiries, id))).body;

describe('mail jobs', () => {
  it('are taken by the mail sink only, which the consumer runs', () => {
    expect(sinks).toContain(mailSink);
    expect(mailSink.accepts?.('mail')).toBe(true);
    expect(mailSink.accepts?.('contact')).toBe(false);
    expect(mailSink.accepts?.('alert')).toBe(false);
    // Never skipped: with MAIL_FROM empty a job must fail and wait, not count as done.
    expect(mailSink.enabled).toBeUndefined();
  });

  it('send a staff reply once, with Reply-To and threading headers, even when the job is redelivered', async () => {
    const to = address();
    const { leadId, activityId } = await leadWithQueuedEmail(to);
    const first = newMessageId(FROM);
    const previous = newMessageId(FROM);
    const m = mail({ to, leadId, activityId, inReplyTo: previous, references: [first, previous], byId: 'test-admin', byName: 'Kwame Admin' });
    const message = job(m);

    const { msgId, result } = await consume('submissions', message, 1, env);
    expect(result.explicitAcks).toEqual([msgId]);
    const again = await consume('submissions', message, 2, env);
    expect(again.result.explicitAcks).toEqual([again.msgId]);

    const sent = await box.list(to);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      from: `${env.MAIL_FROM_NAME} <${FROM}>`,
      to,
      replyTo: m.replyTo,
      subject: m.subject,
      text: m.text,
      headers: { 'In-Reply-To': previous, References: `${first} ${previous}`, [MAIL_REF_HEADER]: m.messageId },
    });
    expect(sent[0]!.headers).not.toHaveProperty('Message-ID');
    expect(await ledger().status(message)).toMatchObject({ deliveredTo: ['mail'] });

    // The lead: the e-mail is sent under the service's Message-ID, and it is the lead's first answer.
    expect(await activityOf(activityId)).toMatchObject({ deliveryState: 'sent', messageId: sent[0]!.messageId, deliveryError: null });
    const inquiry = await inquiryOf(leadId);
    expect(inquiry).toMatchObject({ firstResponseBy: 'test-admin', firstResponseByName: 'Kwame Admin', firstResponseVia: 'email' });
    expect(Date.parse(inquiry.firstResponseAt as string)).toBeGreaterThanOrEqual(Date.parse(sent[0]!.sentAt) - 1000);
    expect(inquiry.lastOutboundAt).toBe(inquiry.firstResponseAt);
  });

  it('travel the real queue from enqueueSubmission to the outbox', async () => {
    const m = mail({ purpose: 'alert', replyTo: null, subject: 'A visitor is waiting' });
    await enqueueSubmission(env, createLogger(console), 'mail', mailFields(m), `mail:${uniqueId()}`);
    const sent = await box.waitFor((x) => x.to === m.to);
    expect(sent).toMatchObject({ subject: 'A visitor is waiting', text: m.text, headers: { [MAIL_REF_HEADER]: m.messageId } });
  });

  it('leave out threading headers on a first message', async () => {
    const m = mail({ replyTo: null });
    await consume('submissions', job(m), 1, env);
    const [sent] = await box.list(m.to);
    expect(sent!.headers).toEqual({ [MAIL_REF_HEADER]: m.messageId });
    expect(sent!.replyTo).toBeNull();
  });

  it('record an acknowledgement as sent without stopping the lead\'s clock: only a person answers', async () => {
    const to = address();
    const { leadId, activityId } = await leadWithQueuedEmail(to);
    await consume('submissions', job(mail({ purpose: 'ack', to, leadId, activityId })), 1, env);
    expect(await box.list(to)).toHaveLength(1);
    expect(await activityOf(activityId)).toMatchObject({ deliveryState: 'sent' });
    expect(await inquiryOf(leadId)).toMatchObject({ firstResponseAt: null, lastOutboundAt: null });
  });

  it('are retried when the mail service refuses, with the reason on the lead, and sent once it recovers', async () => {
    const to = address();
    const { leadId, activityId } = await leadWithQueuedEmail(to);
    await box.setMode({ mode: 'fail', to, times: 2 });
    const message = job(mail({ to, leadId, activityId, byId: 'test-admin', byName: 'Kwame Admin' }));

    const first = await consume('submissions', message, 1, env);
    expect(first.result.explicitAcks).toEqual([]);
    expect(first.retries).toEqual([{ msgId: first.msgId, delaySeconds: 10 }]);
    expect(await activityOf(activityId)).toMatchObject({ deliveryState: 'failed', deliveryError: 'The mail service refused it: E_DELIVERY_FAILED: Outbox stand-in: told to fail.' });
    expect((await ledger().status(message)).lastError).toBe('The mail service refused it: E_DELIVERY_FAILED: Outbox stand-in: told to fail.');
    expect(await inquiryOf(leadId)).toMatchObject({ firstResponseAt: null });

    const second = await consume('submissions', message, 2, env);
    expect(second.retries).toEqual([{ msgId: second.msgId, delaySeconds: 20 }]);
    const third = await consume('submissions', message, 3, env);
    expect(third.result.explicitAcks).toEqual([third.msgId]);

    const sent = await box.list(to);
    expect(sent).toHaveLength(1);
    expect(await activityOf(activityId)).toMatchObject({ deliveryState: 'sent', messageId: sent[0]!.messageId, deliveryError: null });
    expect(await inquiryOf(leadId)).toMatchObject({ firstResponseVia: 'email' });
  });

  it('mark a resend after an unknown outcome on the lead instead of sending a copy silently', async () => {
    const to = address();
    const { activityId, leadId } = await leadWithQueuedEmail(to);
    const message = job(mail({ to, leadId, activityId }));
    // An earlier attempt timed out: the ledger knows its outcome is unknown.
    expect(await ledger().claim(message, 'mail')).toBe('claimed');
    await ledger().failed(message, 'mail', 'No answer from the mail service', { outcomeUnknown: true });
    const warn = vi.spyOn(console, 'warn');

    const { result, msgId } = await consume('submissions', message, 2, env);
    expect(result.explicitAcks).toEqual([msgId]);
    expect(await box.list(to)).toHaveLength(1);
    expect(await activityOf(activityId)).toMatchObject({ deliveryState: 'sent', deliveryError: RESENT_NOTE });
    expect(warn.mock.calls.map((c) => String(c[0])).join('\n')).toContain('mail.resent');
  });

  it('park a job that is not a readable e-mail, sending nothing', async () => {
    const to = address();
    const message = job(mail({ to }), { ...mailFields(mail({ to })), messageId: 'not-a-message-id' });
    const first = await consume('submissions', message, 1, env);
    expect(first.result.explicitAcks).toEqual([]);
    expect((await ledger().status(message)).lastError).toMatch(/not a readable e-mail/);
    await consume('submissions-dead', message, 1, env);
    expect((await ledger().listParked()).find((p) => p.id === message.id)).toMatchObject({ kind: 'mail' });
    expect(await box.list(to)).toEqual([]);
  });

  it('wait (retried, then parked) while MAIL_FROM is empty, never counted as sent', async () => {
    const m = mail();
    const message = job(m);
    const noSender = { ...env, MAIL_FROM: '' } as Env;
    const { retries, result } = await consume('submissions', message, 1, noSender);
    expect(result.explicitAcks).toEqual([]);
    expect(retries).toHaveLength(1);
    expect((await ledger().status(message)).lastError).toMatch(/^MAIL_FROM is not set/);
    await consume('submissions-dead', message, 1, noSender);
    expect((await ledger().listParked()).find((p) => p.id === message.id)).toBeDefined();
    expect(await box.list(m.to)).toEqual([]);
  });

  it('never write to an erased address', async () => {
    const m = mail();
    const message = job(m);
    await ledger().tombstone({ email: m.to.toUpperCase() });
    const { msgId, result } = await consume('submissions', message, 1, env);
    expect(result.explicitAcks).toEqual([msgId]);
    expect(await box.list(m.to)).toEqual([]);
    // Not parked either: nothing of it is kept.
    await consume('submissions-dead', message, 1, env);
    expect((await ledger().listParked()).find((p) => p.id === message.id)).toBeUndefined();
    // The same job to an address that was not erased is sent (the check can fail).
    const control = mail();
    await consume('submissions', job(control), 1, env);
    expect(await box.list(control.to)).toHaveLength(1);
  });
});

describe('the mail transport', () => {
  const config = () => appConfig(env);
  const message = (to: string) => ({ to, subject: 'Hello', text: 'Hi', replyTo: null, headers: {} });

  it('reports an unknown outcome when the service does not answer in time (the message may be out)', async () => {
    const to = address();
    await box.setMode({ mode: 'timeout', to, times: 1, delayMs: 3000 });
    await expect(sendMail(env, config(), message(to), 300)).rejects.toBeInstanceOf(MailOutcomeUnknown);
    expect(await box.list(to)).toHaveLength(1);
  });

  it('reports a refusal with the service\'s code', async () => {
    const to = address();
    await box.setMode({ mode: 'fail', to, times: 1, code: 'E_RECIPIENT_SUPPRESSED' });
    const err = await sendMail(env, config(), message(to)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MailRefused);
    expect((err as MailRefused).code).toBe('E_RECIPIENT_SUPPRESSED');
  });

  it('refuses a header the Email Service sets itself, as the service does', async () => {
    const err = await sendMail(env, config(), { ...message(address()), headers: { 'Message-ID': '<a@b>' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MailRefused);
    expect((err as MailRefused).code).toBe('E_HEADER_NOT_ALLOWED');
  });

  it('uses the EMAIL binding when no outbox is configured, and keeps its Message-ID', async () => {
    // wrangler's local EMAIL binding (it sends nothing) answers like the service: { messageId: '<…@domain>' }.
    // (An RPC binding cannot be spied on: this one records what it is given and hands it to the real one.)
    const calls: unknown[] = [];
    let next: (() => Promise<EmailSendResult>) | null = null;
    const EMAIL = { send: (builder: EmailMessageBuilder) => {
      calls.push(builder);
      const answer = next ?? (() => env.EMAIL.send(builder));
      next = null;
      return answer();
    } } as SendEmail;
    const direct = { ...config(), MAIL_OUTBOX_URL: null };
    const result = await sendMail({ EMAIL }, direct, { ...message('ama@example.com'), replyTo: 'reply+x@reply.voltalabs.dev', headers: { 'In-Reply-To': '<a@b>' } });
    expect(result.messageId).toMatch(/^<[^<>@\s]+@voltalabs\.dev>$/);
    expect(calls).toEqual([{
      from: { email: FROM, name: env.MAIL_FROM_NAME },
      to: 'ama@example.com', subject: 'Hello', text: 'Hi', replyTo: 'reply+x@reply.voltalabs.dev', headers: { 'In-Reply-To': '<a@b>' },
    }]);
    // The service's errors carry a code: a refusal; an error without one says nothing of the outcome.
    const failing = async (answer: () => Promise<EmailSendResult>, timeoutMs?: number) => {
      next = answer;
      return sendMail({ EMAIL }, direct, message('ama@example.com'), timeoutMs).catch((e: unknown) => e);
    };
    expect(await failing(() => Promise.reject(Object.assign(new Error('Sender domain not verified'), { code: 'E_SENDER_NOT_VERIFIED' })))).toBeInstanceOf(MailRefused);
    expect(await failing(() => Promise.reject(Object.assign(new Error('Internal error'), { code: 'E_INTERNAL_SERVER_ERROR' })))).toBeInstanceOf(MailOutcomeUnknown);
    expect(await failing(() => Promise.reject(new Error('network connection lost')))).toBeInstanceOf(MailOutcomeUnknown);
    expect(await failing(() => new Promise(() => {}), 200)).toBeInstanceOf(MailOutcomeUnknown);
  });

  it('is the outbox stand-in only on this machine: a deployment ignores MAIL_OUTBOX_URL and sends through the binding', () => {
    const deployed = appConfig({ ...env, SITE_URL: 'https://voltalabs.dev' } as Env);
    expect(deployed.MAIL_OUTBOX_URL).toBeNull();
    expect(() => appConfig({ ...env, SITE_URL: 'http://localhost:8787', MAIL_OUTBOX_URL: 'https://outbox.example.com' } as Env)).toThrow(/MAIL_OUTBOX_URL/);
  });
});
