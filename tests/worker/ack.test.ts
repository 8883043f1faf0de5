import { env, exports } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../functions/index.ts';
import { ackActivityId, ackJobId } from '../../functions/promise/ack.ts';
import { COLLECTIONS } from '../../shared/appwrite/schema.ts';
import { uniqueId } from '../../shared/id.ts';
import { parseMailFields } from '../../shared/mail/outgoing.ts';
import { parseSubmissionMessage, type SubmissionMessage } from '../../shared/submission.ts';
import { appwriteRest, documentPath, freshIp } from './appwrite-helpers.ts';
import { consume, until, validSamples, waitForDelivery } from './helpers.ts';
import { outbox } from '../kit/outbox.ts';
import { MAIL_REF_HEADER } from '../../functions/mail/sink.ts';

// The acknowledgement e-mail (docs/decisions/0029) through the real Worker, queue and Appwrite emulator: the
// request decides (ACK_EMAILS, the visitor's `ack` limit, one a day per address); once the Appwrite sink wrote
// the lead it records the e-mail there and queues one `mail` job. Whether an acknowledgement was made is read on the lead
// (its email_out activity); a later submission delivered to FormSubmit says the earlier one was handled.

const samples = validSamples();
const box = outbox(env.MAIL_OUTBOX_URL);
const address = () => `ack-${uniqueId()}@example.com`;

const post = (body: Record<string, unknown>, ip: string, kind = 'contact', headers: Record<string, string> = {}) =>
  exports.default.fetch(`http://example.com/api/forms/${kind}`, {
    method: 'POST', headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip, ...headers }, body: JSON.stringify(body),
  });

const activity = async (id: string) => {
  const res = await appwriteRest('GET', documentPath(COLLECTIONS.leadActivity, ackActivityId(id)));
  return res.status === 200 ? (res.body as Record<string, unknown>) : undefined;
};

/** Sends a contact form; waits until the queue handled it (a sentinel after it reached FormSubmit). */
async function send(email: string, ip = freshIp(), extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const id = uniqueId();
  const res = await post({ ...samples.contact, name: 'Ama <b>Mensah</b>', message: 'Please send 100 USD to IBAN GB00 0000', email, id, ...extra }, ip, 'contact', headers);
  expect(res.status).toBe(202);
  const sentinel = uniqueId();
  expect((await post({ ...samples.contact, email: address(), id: sentinel }, freshIp())).status).toBe(202);
  await waitForDelivery(sentinel);
  return id;
}

/** Waits for the acknowledgement of `id` (written by the Appwrite sink after the lead). */
const acked = (id: string) => until(() => activity(id), 10_000);

describe('the acknowledgement e-mail', () => {
  it('is recorded on the lead as an e-mail out, with its Message-ID, the lead\'s reply address on record, and no word the visitor typed', async () => {
    const email = address();
    const id = await send(email);
    const ack = await acked(id);
    expect(ack).toMatchObject({ leadId: id, type: 'email_out', to: email, from: env.MAIL_FROM, actorId: null });
    expect(String(ack.subject)).toBe('We have your message – Volta Labs');
    expect(String(ack.text)).toMatch(/reply by \w+day \d{1,2} \w+ at \d\d:\d\d Accra time \(GMT, the same as UTC\)/);
    for (const typed of ['Ama', 'Mensah', 'IBAN', '100 USD']) expect(String(ack.text)).not.toContain(typed);
    const lead = (await appwriteRest('GET', documentPath(COLLECTIONS.inquiries, id))).body as Record<string, unknown>;
    expect(lead.replyToken).toMatch(/^[0-9a-f]{32}$/);

    // The mail sink sends it (the outbox stand-in takes what the EMAIL binding would): once, replies to the lead.
    const sent = await box.waitFor((m) => m.to === email);
    expect(sent).toMatchObject({ subject: 'We have your message – Volta Labs', replyTo: `reply+${String(lead.replyToken)}@reply.voltalabs.dev`, headers: { [MAIL_REF_HEADER]: `<ack.${id}@voltalabs.dev>` } });
    expect(sent.text).toBe(ack.text);
    // The lead's e-mail is marked sent, under the Message-ID the service gave, so a reply threads into the lead.
    expect(await until(async () => ((await activity(id))?.deliveryState === 'sent' ? activity(id) : undefined), 10_000)).toMatchObject({ messageId: sent.messageId });
    expect(await box.list(email)).toHaveLength(1);
    // An acknowledgement is not a person's answer: the clock runs on.
    expect(lead.firstResponseAt ?? null).toBeNull();
  });

  it('says by when in the visitor\'s own time too when the browser gave its zone (X-Time-Zone), and ignores a zone that is not one', async () => {
    const id = await send(address(), freshIp(), {}, { 'X-Time-Zone': 'America/New_York' });
    expect(String((await acked(id)).text)).toMatch(/reply by \w+day \d{1,2} \w+ at \d\d:\d\d your time \((\w+day \d{1,2} \w+, )?\d\d:\d\d in Accra, GMT\)\./);
    const other = await send(address(), freshIp(), {}, { 'X-Time-Zone': 'Mars/Olympus_Mons' });
    expect(String((await acked(other)).text)).toMatch(/Accra time \(GMT, the same as UTC\)/);
  });

  it('is in the language of the page the visitor wrote from (X-Language): French for a French page, English word for word otherwise', async () => {
    const email = address();
    const id = await send(email, freshIp(), {}, { 'X-Language': 'fr', 'X-Time-Zone': 'Europe/Paris' });
    const ack = await acked(id);
    expect(String(ack.subject)).toBe('Nous avons bien reçu votre message – Volta Labs');
    expect(String(ack.text)).toMatch(/^Bonjour,\n\nMerci d’avoir contacté Volta Labs\. Nous avons bien reçu votre message et une personne de notre équipe vous répondra d’ici le \p{L}+ \d{1,2} \p{L}+ à \d\d:\d\d, heure locale \((\p{L}+ \d{1,2} \p{L}+, )?\d\d:\d\d à Accra, GMT\)\./u);
    expect(String(ack.text)).toContain('répondre à cet e-mail\u202f: votre réponse');
    expect(String(ack.text)).toMatch(/Bien cordialement,\nL’équipe Volta Labs$/);
    // The lead is marked French for staff too.
    expect((await appwriteRest('GET', documentPath(COLLECTIONS.inquiries, id))).body).toMatchObject({ language: 'fr' });
    // What the outbox stand-in was given is that French mail.
    const sent = await box.waitFor((m) => m.to === email);
    expect(sent).toMatchObject({ subject: 'Nous avons bien reçu votre message – Volta Labs', text: ack.text });

    // Any other language header is English, word for word, and the lead is not marked.
    const other = await send(address(), freshIp(), {}, { 'X-Language': 'de' });
    const english = await acked(other);
    expect(String(english.subject)).toBe('We have your message – Volta Labs');
    expect(String(english.text)).toMatch(/^Hello,\n\nThank you for getting in touch with Volta Labs\. Our team has your message, and a person will reply by \w+day \d{1,2} \w+ at \d\d:\d\d Accra time \(GMT, the same as UTC\)\.\n\nTo add anything, reply to this e-mail: your answer goes straight to the person handling your request\.\n\n/);
    expect(String(english.text)).toMatch(/\n\nThe Volta Labs team$/);
    expect((await appwriteRest('GET', documentPath(COLLECTIONS.inquiries, other))).body).not.toHaveProperty('language', 'fr');
  });

  it('at most one a day per address, whoever sends it; a client cannot ask for one itself', async () => {
    const email = address();
    expect(await acked(await send(email))).toBeTruthy();
    const again = await send(email.toUpperCase(), freshIp(), { _ack: '1' });
    expect(await activity(again)).toBeUndefined();
  });

  it('counts against the visitor\'s rate limit: the fourth in an hour from one address is taken but not acknowledged', async () => {
    const ip = freshIp();
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await send(address(), ip));
    for (const id of ids.slice(0, 3)) expect(await acked(id)).toBeTruthy();
    expect(await activity(ids[3]!)).toBeUndefined();
  });

  it('none for a honeypot hit, which spends nothing: the real request to that address is acknowledged', async () => {
    const email = address();
    const ip = freshIp();
    const trap = await send(email, ip, { _honey: 'http://spam.example' });
    expect(await activity(trap)).toBeUndefined();
    expect((await appwriteRest('GET', documentPath(COLLECTIONS.inquiries, trap))).status).toBe(404);
    expect(await acked(await send(email, ip))).toBeTruthy();
  });

  it('none when ACK_EMAILS is off, even when the client asks for one', async () => {
    const email = address();
    const id = uniqueId();
    const ctx = createExecutionContext();
    const res = await worker.fetch(new Request('http://example.com/api/forms/contact', {
      method: 'POST', headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': freshIp() }, body: JSON.stringify({ ...samples.contact, email, id, _ack: '1' }),
    }), { ...env, ACK_EMAILS: 'off' } as Env, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(202);
    await waitForDelivery(id);
    const sentinel = await send(address());
    await acked(sentinel);
    expect(await activity(id)).toBeUndefined();
    // And the address was not spent: a later request with it is acknowledged.
    expect(await acked(await send(email))).toBeTruthy();
  });
});

describe('the acknowledgement from the queue (the Appwrite sink, once the lead exists)', () => {
  /** The consumer with a queue binding that records the mail jobs the sink queues. */
  function recording() {
    const jobs: SubmissionMessage[] = [];
    // The mail jobs only, not the staff's e-mail alerts: the Appwrite sink raises its new-lead alert on the same
    // queue and delivers it at once, which e-mails staff without a device (docs/decisions/0028).
    const queue = {
      send: async (body: unknown) => {
        const m = parseSubmissionMessage(body);
        if (m?.kind === 'mail' && parseMailFields(m.fields)?.purpose !== 'alert') jobs.push(m);
      },
      sendBatch: async () => {},
    };
    return { jobs, testEnv: { ...env, SUBMISSIONS: queue } as unknown as Env };
  }

  it('queues one mail job, purpose ack, mail:ack:<id>, with the lead\'s reply address; a redelivery queues the same job and records nothing twice', async () => {
    const { jobs, testEnv } = recording();
    const email = address();
    const m = { v: 1, id: uniqueId(), kind: 'contact', submittedAt: '2026-11-27T14:05:00.000Z', fields: { ...samples.contact, email, _ack: '1' } };
    expect((await consume('submissions', m, 1, testEnv)).result.explicitAcks).toHaveLength(1);
    expect(jobs.map((j) => [j.kind, j.id])).toEqual([['mail', ackJobId(m.id)]]);
    const mail = parseMailFields(jobs[0]!.fields);
    expect(mail).toMatchObject({ purpose: 'ack', to: email, messageId: `<ack.${m.id}@voltalabs.dev>`, leadId: m.id, activityId: ackActivityId(m.id), inReplyTo: null });
    expect(mail?.replyTo).toMatch(/^reply\+[0-9a-f]{32}@reply\.voltalabs\.dev$/);
    expect(mail?.text).toContain('by Saturday 28 November at 14:05 Accra time');

    // Delivered again (a redelivered queue message): the ledger knows the sink had it, so nothing more is queued.
    await consume('submissions', { ...m }, 2, testEnv);
    expect(jobs).toHaveLength(1);
    const list = await appwriteRest('GET', `${documentPath(COLLECTIONS.leadActivity)}?queries[0]=${encodeURIComponent(JSON.stringify({ method: 'equal', attribute: 'leadId', values: [m.id] }))}`);
    expect((list.body as { documents: { type: string }[] }).documents.filter((d) => d.type === 'email_out')).toHaveLength(1);
  });

  it('queues nothing for a submission without the mark', async () => {
    const { jobs, testEnv } = recording();
    await consume('submissions', { v: 1, id: uniqueId(), kind: 'contact', submittedAt: new Date().toISOString(), fields: { ...samples.contact, email: address() } }, 1, testEnv);
    expect(jobs).toEqual([]);
  });
});
