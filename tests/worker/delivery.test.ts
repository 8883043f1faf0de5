import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formSubmitFields, retryDelaySeconds } from '../../functions/delivery.ts';
import { FORMSUBMIT_NOT_CONFIGURED } from '../../functions/formsubmit.ts';
import { LEDGER_NAME, type SubmissionLedger } from '../../durable/SubmissionLedger.ts';
import { uniqueId } from '../../shared/id.ts';
import type { SubmissionMessage } from '../../shared/submission.ts';
import { consume, emulatorOrigin, received, setEmulatorMode, submissionMessage, waitForDelivery } from './helpers.ts';

// The queue consumers, called the way the queue calls them (the Worker's exported queue handler), each test
// with its own FormSubmit token so that the emulator's modes and records are its own.

const ledger = () => env.SUBMISSION_LEDGER.getByName(LEDGER_NAME);

function sandbox(endpoint?: string) {
  const token = `token-${uniqueId()}`;
  // FormSubmit alone: the Appwrite sink (skipped when not configured) has its own tests (delivery-appwrite.test.ts).
  const testEnv = { ...env, FORMSUBMIT_ENDPOINT: endpoint ?? `${emulatorOrigin}/ajax/${token}`, APPWRITE_ENDPOINT: '' } as Env;
  return { token, env: testEnv };
}



/** A ledger binding whose every call fails, as an unreachable Durable Object's stub does. */
const unreachableLedger = {
  getByName: () => new Proxy({}, { get: () => () => Promise.reject(new Error('ledger unreachable')) }),
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('submissions consumer', () => {
  it('posts the submission to FormSubmit with the special fields and acknowledges it', async () => {
    const { token, env: testEnv } = sandbox();
    const m = submissionMessage();
    const { msgId, result } = await consume('submissions', m, 1, testEnv);
    expect(result.explicitAcks).toEqual([msgId]);
    expect(result.retryMessages).toEqual([]);

    const got = await received(token);
    expect(got).toHaveLength(1);
    expect(got[0]!.via).toBe('ajax');
    expect(got[0]!.headers.accept).toBe('application/json');
    expect(got[0]!.contentType).toBe('application/x-www-form-urlencoded');
    expect(got[0]!.fields).toEqual({
      name: 'Ama Mensah',
      email: 'ama@example.com',
      phone: '+233 24 123 4567',
      company: 'Mensah Foods',
      service: 'Web Development',
      budget: '$5k - $10k',
      timeline: '1-2 months',
      message: 'We need an online shop for our cassava flour.',
      submissionId: m.id,
      kind: 'contact',
      submittedAt: m.submittedAt,
      _subject: 'New contact message from Ama Mensah',
      _replyto: 'ama@example.com',
      _template: 'table',
      _captcha: 'false',
      _honey: '',
    });
    expect(got[0]!.fields).toEqual(formSubmitFields(m));
    expect(await ledger().status(m)).toEqual({ deliveredTo: ['formsubmit'], attempts: 0, lastError: null });
  });

  it('sends a one-line subject and leaves out a reply-to that is not one valid address', async () => {
    const { token, env: testEnv } = sandbox();
    // Fields as a chat lead's would arrive: free text of the visitor's (or the model's) choosing.
    const m = { ...submissionMessage('contact'), kind: 'lead', fields: { name: 'Eve\r\nBcc: everyone@example.com', email: 'eve@example.com\nBcc: x@example.com', message: 'hi' } };
    await consume('submissions', m, 1, testEnv);
    const [got] = await received(token);
    expect(got!.fields._subject).toBe('New chat lead from Eve Bcc: everyone@example.com');
    expect(got!.fields).not.toHaveProperty('_replyto');
  });

  it('retries with exponential backoff when FormSubmit fails (HTTP 500)', async () => {
    const { token, env: testEnv } = sandbox();
    await setEmulatorMode('fail', token);
    const m = submissionMessage();
    const first = await consume('submissions', m, 1, testEnv);
    expect(first.result.explicitAcks).toEqual([]);
    expect(first.retries).toEqual([{ msgId: first.msgId, delaySeconds: 10 }]);
    const fourth = await consume('submissions', m, 4, testEnv);
    expect(fourth.retries).toEqual([{ msgId: fourth.msgId, delaySeconds: 80 }]);

    const status = await ledger().status(m);
    expect(status.deliveredTo).toEqual([]);
    expect(status.attempts).toBe(2);
    expect(status.lastError).toMatch(/^FormSubmit answered HTTP 500/);
    expect((await received(token)).map((r) => r.outcome)).toEqual(['fail', 'fail']);
  });

  it('treats HTTP 200 with success "false" (form not activated) as a failure and retries', async () => {
    const { token, env: testEnv } = sandbox();
    await setEmulatorMode('unactivated', token);
    const m = submissionMessage('booking');
    const { msgId, result, retries } = await consume('submissions', m, 2, testEnv);
    expect(result.explicitAcks).toEqual([]);
    expect(result.retryMessages).toEqual([{ msgId }]);
    expect(retries).toEqual([{ msgId, delaySeconds: 20 }]);
    expect((await ledger().status(m)).lastError).toMatch(/did not accept the submission \(success: "false"\)/);
  });

  it('delivers on a later attempt once FormSubmit recovers', async () => {
    const { token, env: testEnv } = sandbox();
    await setEmulatorMode('fail', token, 1);
    const m = submissionMessage();
    expect((await consume('submissions', m, 1, testEnv)).result.retryMessages).toHaveLength(1);
    const second = await consume('submissions', m, 2, testEnv);
    expect(second.result.explicitAcks).toEqual([second.msgId]);
    expect((await received(token)).map((r) => r.outcome)).toEqual(['fail', 'ok']);
    expect(await ledger().status(m)).toMatchObject({ deliveredTo: ['formsubmit'], attempts: 1 });
  });

  it('does not post a redelivered submission again (idempotence)', async () => {
    const { token, env: testEnv } = sandbox();
    const m = submissionMessage();
    await consume('submissions', m, 1, testEnv);
    const again = await consume('submissions', m, 2, testEnv);
    expect(again.result.explicitAcks).toEqual([again.msgId]);
    expect(await received(token)).toHaveLength(1);
  });

  it('waits while another copy of the same submission is being delivered', async () => {
    const { token, env: testEnv } = sandbox();
    const m = submissionMessage();
    expect(await ledger().claim(m, 'formsubmit')).toBe('claimed');
    const { msgId, retries } = await consume('submissions', m, 1, testEnv);
    expect(retries).toEqual([{ msgId, delaySeconds: 30 }]);
    expect(await received(token)).toHaveLength(0);
  });

  it('resends a delivery whose outcome is unknown once, with the same id and a subject marked " (resent)"', async () => {
    const { token, env: testEnv } = sandbox();
    // The stand-in takes the first post (it is mailed) but answers only after the Worker's timeout.
    const quick = { ...testEnv, FORMSUBMIT_TIMEOUT_MS: '1000' } as Env;
    await setEmulatorMode('timeout', token, 1, 3000);
    const m = submissionMessage();
    const first = await consume('submissions', m, 1, quick);
    expect(first.retries).toEqual([{ msgId: first.msgId, delaySeconds: 10 }]);
    expect((await ledger().status(m)).lastError).toMatch(/^FormSubmit request failed/);
    const second = await consume('submissions', m, 2, quick);
    expect(second.result.explicitAcks).toEqual([second.msgId]);
    // A redelivery after that mails nothing more.
    await consume('submissions', m, 3, quick);

    const got = await received(token);
    expect(got.map((r) => r.outcome)).toEqual(['timeout', 'ok']);
    expect(got.map((r) => r.fields.submissionId)).toEqual([m.id, m.id]);
    expect(got[0]!.fields._subject).toBe('New contact message from Ama Mensah');
    expect(got[1]!.fields._subject).toBe('New contact message from Ama Mensah (resent)');
    expect({ ...got[1]!.fields, _subject: '' }).toEqual({ ...got[0]!.fields, _subject: '' });
  });

  it('does not mark a retry after a clean refusal as resent', async () => {
    const { token, env: testEnv } = sandbox();
    await setEmulatorMode('fail', token, 1);
    const m = submissionMessage();
    await consume('submissions', m, 1, testEnv);
    await setEmulatorMode('unactivated', token, 1);
    await consume('submissions', m, 2, testEnv);
    const third = await consume('submissions', m, 3, testEnv);
    expect(third.result.explicitAcks).toEqual([third.msgId]);
    const got = await received(token);
    expect(got.map((r) => r.outcome)).toEqual(['fail', 'unactivated', 'ok']);
    expect(got.map((r) => r.fields._subject)).toEqual(Array(3).fill('New contact message from Ama Mensah'));
  });

  it('counts an attempt that claimed and never reported back (its lease ran out) as an unknown outcome', async () => {
    const m = submissionMessage();
    const stub = env.SUBMISSION_LEDGER.getByName(`lease-${uniqueId()}`);
    expect(await stub.claim(m, 'formsubmit')).toBe('claimed');
    await runInDurableObject(stub, (_instance, state) => {
      state.storage.sql.exec('UPDATE delivery_claims SET lease_until = ? WHERE submission_id = ?', Date.now() - 1, m.id);
    });
    expect(await stub.claim(m, 'formsubmit')).toBe('resend');
    await stub.failed(m, 'formsubmit', 'HTTP 500');
    // Still a resend after a clean refusal: the lost attempt may have arrived.
    expect(await stub.claim(m, 'formsubmit')).toBe('resend');
  });

  it('logs and retries when the FormSubmit endpoint is not configured', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { env: testEnv } = sandbox('');
    const m = submissionMessage();
    const { msgId, retries } = await consume('submissions', m, 1, testEnv);
    expect(retries).toEqual([{ msgId, delaySeconds: 10 }]);
    expect((await ledger().status(m)).lastError).toBe(FORMSUBMIT_NOT_CONFIGURED);
    expect(errors.mock.calls.flat().join('\n')).toContain(FORMSUBMIT_NOT_CONFIGURED);
  });

  it('parks an unreadable message at once instead of retrying it forever', async () => {
    const { msgId, result } = await consume('submissions', { hello: 'world' }, 1, sandbox().env);
    expect(result.explicitAcks).toEqual([msgId]);
    const parked = await ledger().get({ kind: null, id: `queue:${msgId}` });
    expect(parked).toMatchObject({ kind: null, message: '{"hello":"world"}', lastError: 'The queue message is not a valid submission.' });
  });
});

describe('dead-letter consumer', () => {
  it('parks what kept failing, with its last error and attempt count, listable and re-queueable', async () => {
    const { token, env: testEnv } = sandbox();
    await setEmulatorMode('fail', token);
    const m = submissionMessage();
    await consume('submissions', m, 1, testEnv);
    await consume('submissions', m, 2, testEnv);

    const dead = await consume('submissions-dead', m, 1, testEnv);
    expect(dead.result.explicitAcks).toEqual([dead.msgId]);
    const list = await ledger().listParked();
    const parked = list.find((p) => p.id === m.id);
    expect(parked).toMatchObject({
      id: m.id,
      kind: 'contact',
      submittedAt: m.submittedAt,
      message: m,
      attempts: 2,
      deliveredTo: [],
      timesParked: 1,
      requeuedAt: null,
    });
    expect(parked!.lastError).toMatch(/^FormSubmit answered HTTP 500/);

    // Staff re-queue it: the real queue and consumer deliver it (to the configured endpoint, which works).
    expect(await ledger().requeue(m)).toEqual({ ok: true });
    const got = await waitForDelivery(m.id);
    expect(got.fields.submissionId).toBe(m.id);
    expect((await ledger().listParked()).some((p) => p.id === m.id)).toBe(false);
    expect((await ledger().get(m))!.requeuedAt).not.toBeNull();
    expect(await ledger().requeue(m)).toEqual({ ok: false, error: `Submission ${m.id} was already re-queued.` });
  });

  it('does not park a dead letter that was in fact delivered', async () => {
    const { env: testEnv } = sandbox();
    const m = submissionMessage();
    await consume('submissions', m, 1, testEnv);
    const dead = await consume('submissions-dead', m, 1, testEnv);
    expect(dead.result.explicitAcks).toEqual([dead.msgId]);
    expect(await ledger().get(m)).toBeNull();
  });

  it('keeps a dead letter while the ledger is unreachable, and parks it once the ledger is back', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { env: testEnv } = sandbox();
    const m = submissionMessage();
    // The ledger is down, and has been for longer than the dead-letter queue's retries (attempt 100 of 100).
    const sent: { body: unknown; options: unknown }[] = [];
    const ledgerDown = {
      ...testEnv,
      SUBMISSION_LEDGER: unreachableLedger,
      SUBMISSIONS_DEAD: { send: async (body: unknown, options: unknown) => { sent.push({ body, options }); } },
    } as unknown as Env;
    const dead = await consume('submissions-dead', m, 100, ledgerDown);
    // Not dropped: a fresh copy is on the dead-letter queue (its retry count starts again) before the ack.
    expect(sent).toEqual([{ body: m, options: { contentType: 'json', delaySeconds: 60 } }]);
    expect(dead.result.explicitAcks).toEqual([dead.msgId]);
    const alert = errors.mock.calls.map((c) => JSON.parse(String(c[0])) as Record<string, unknown>).find((e) => e.event === 'submission.park_failed');
    expect(alert).toMatchObject({ alert: true, id: m.id, kind: 'contact', error: 'ledger unreachable', kept: 'resent' });

    // The ledger is back: the copy is parked.
    const again = await consume('submissions-dead', sent[0]!.body, 1, testEnv);
    expect(again.result.explicitAcks).toEqual([again.msgId]);
    expect(await ledger().get(m)).toMatchObject({ id: m.id, kind: 'contact', message: m, requeuedAt: null });
  });

  it('retries a dead letter it can neither park nor re-send, instead of acknowledging it', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const m = submissionMessage();
    const allDown = {
      ...sandbox().env,
      SUBMISSION_LEDGER: unreachableLedger,
      SUBMISSIONS_DEAD: { send: async () => { throw new Error('queue unreachable'); } },
    } as unknown as Env;
    const { msgId, result, retries } = await consume('submissions-dead', m, 3, allDown);
    expect(result.explicitAcks).toEqual([]);
    expect(retries).toEqual([{ msgId, delaySeconds: 60 }]);
    expect(errors.mock.calls.flat().join('\n')).toContain('queue unreachable');
  });

  it('keys deliveries and parked copies by kind and id: the same id of another kind is another submission', async () => {
    const { token, env: testEnv } = sandbox();
    const contact = submissionMessage('contact');
    await consume('submissions', contact, 1, testEnv);
    // A client reuses the id for a booking request: it is delivered, not taken for the contact message.
    const booking = { ...submissionMessage('booking'), id: contact.id };
    await consume('submissions', booking, 1, testEnv);
    expect((await received(token)).map((r) => r.fields.kind)).toEqual(['contact', 'booking']);
    expect(await ledger().status(booking)).toMatchObject({ deliveredTo: ['formsubmit'] });

    // Parked copies of both stay apart.
    await ledger().park({ id: contact.id, kind: 'contact', submittedAt: null, message: contact });
    await ledger().park({ id: contact.id, kind: 'booking', submittedAt: null, message: booking });
    expect((await ledger().get(contact))!.message).toEqual(contact);
    expect((await ledger().get(booking))!.message).toEqual(booking);
  });

  it('moves the rows of the id-only ledger to the kind-and-id tables without delivering anything twice', async () => {
    const stub = env.SUBMISSION_LEDGER.getByName(`migration-${uniqueId()}`);
    const old = submissionMessage();
    await runInDurableObject(stub, (instance: SubmissionLedger, state) => {
      state.storage.sql.exec(`
        CREATE TABLE deliveries (submission_id TEXT NOT NULL, sink TEXT NOT NULL, delivered_at INTEGER, lease_until INTEGER,
          failures INTEGER NOT NULL DEFAULT 0, last_error TEXT, last_failure_at INTEGER, PRIMARY KEY (submission_id, sink));
        CREATE TABLE parked (id TEXT PRIMARY KEY, kind TEXT, submitted_at TEXT, message TEXT NOT NULL, attempts INTEGER NOT NULL,
          last_error TEXT NOT NULL, delivered_to TEXT NOT NULL, parked_at INTEGER NOT NULL, times_parked INTEGER NOT NULL DEFAULT 1,
          requeued_at INTEGER);`);
      state.storage.sql.exec('INSERT INTO deliveries (submission_id, sink, delivered_at) VALUES (?, ?, ?)', old.id, 'formsubmit', Date.now());
      state.storage.sql.exec(
        `INSERT INTO parked (id, kind, submitted_at, message, attempts, last_error, delivered_to, parked_at)
         VALUES (?, 'contact', NULL, ?, 3, 'boom', '["formsubmit"]', ?)`, old.id, JSON.stringify(old), Date.now());
      (instance as unknown as { migrateIdOnlyTables(): void }).migrateIdOnlyTables();
      expect(state.storage.sql.exec("SELECT name FROM sqlite_master WHERE name IN ('deliveries', 'parked')").toArray()).toEqual([]);
    });
    expect(await stub.claim(old, 'formsubmit')).toBe('delivered');
    expect(await stub.get(old)).toMatchObject({ id: old.id, kind: 'contact', attempts: 3, lastError: 'boom', deliveredTo: ['formsubmit'] });
  });

  /** A ledger of its own with `m` parked, whose queue runs `before` (it may wait or throw) and then keeps each message in `sent`. */
  async function parkedWithQueue(m: SubmissionMessage, before: () => Promise<void>, run: (ledger: SubmissionLedger, sent: unknown[]) => Promise<void>) {
    const stub = env.SUBMISSION_LEDGER.getByName(`requeue-${uniqueId()}`);
    await stub.park({ id: m.id, kind: m.kind, submittedAt: m.submittedAt, message: m });
    await runInDurableObject(stub, async (instance: SubmissionLedger) => {
      const sent: unknown[] = [];
      const queue = { send: async (body: unknown) => { await before(); sent.push(body); } };
      (instance as unknown as { env: Env }).env = { ...env, SUBMISSIONS: queue } as unknown as Env;
      await run(instance, sent);
    });
  }

  it('two concurrent re-queues of one parked submission put one message on the queue', async () => {
    const m = submissionMessage();
    // A queue that takes a while to answer, as a real send does: the second click comes meanwhile.
    await parkedWithQueue(m, () => new Promise((r) => setTimeout(r, 50)), async (instance, sent) => {
      const outcomes = await Promise.all([instance.requeue(m), instance.requeue(m)]);
      expect(sent).toEqual([m]);
      expect(outcomes).toEqual([{ ok: true }, { ok: false, error: `Submission ${m.id} was already re-queued.` }]);
    });
  });

  it('a re-queue whose send fails leaves the submission parked, to be re-queued again', async () => {
    const m = submissionMessage();
    let down = true;
    await parkedWithQueue(m, async () => { if (down) throw new Error('queue unreachable'); }, async (instance, sent) => {
      await expect(instance.requeue(m)).rejects.toThrow('queue unreachable');
      expect(instance.get(m)!.requeuedAt).toBeNull();
      down = false;
      expect(await instance.requeue(m)).toEqual({ ok: true });
      expect(sent).toEqual([m]);
    });
  });

  it('re-queueing an unknown id says so', async () => {
    expect(await ledger().requeue({ kind: 'contact', id: '0000000000000000' })).toEqual({ ok: false, error: 'No parked submission with id 0000000000000000.' });
  });
});

describe('retry schedule', () => {
  it('doubles from 10 s and stops at an hour', () => {
    expect([1, 2, 3, 4, 5, 9, 10, 11, 13].map(retryDelaySeconds)).toEqual([10, 20, 40, 80, 160, 2560, 3600, 3600, 3600]);
  });
});
