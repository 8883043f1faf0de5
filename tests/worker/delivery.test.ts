import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formSubmitFields, retryDelaySeconds } from '../../functions/delivery.ts';
import { FORMSUBMIT_NOT_CONFIGURED } from '../../functions/formsubmit.ts';
import { LEDGER_NAME } from '../../durable/SubmissionLedger.ts';
import { uniqueId } from '../../shared/id.ts';
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
    expect(await ledger().status(m.id)).toEqual({ deliveredTo: ['formsubmit'], attempts: 0, lastError: null });
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

    const status = await ledger().status(m.id);
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
    expect((await ledger().status(m.id)).lastError).toMatch(/did not accept the submission \(success: "false"\)/);
  });

  it('delivers on a later attempt once FormSubmit recovers', async () => {
    const { token, env: testEnv } = sandbox();
    await setEmulatorMode('fail', token, 1);
    const m = submissionMessage();
    expect((await consume('submissions', m, 1, testEnv)).result.retryMessages).toHaveLength(1);
    const second = await consume('submissions', m, 2, testEnv);
    expect(second.result.explicitAcks).toEqual([second.msgId]);
    expect((await received(token)).map((r) => r.outcome)).toEqual(['fail', 'ok']);
    expect(await ledger().status(m.id)).toMatchObject({ deliveredTo: ['formsubmit'], attempts: 1 });
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
    expect(await ledger().claim(m.id, 'formsubmit')).toBe('claimed');
    const { msgId, retries } = await consume('submissions', m, 1, testEnv);
    expect(retries).toEqual([{ msgId, delaySeconds: 30 }]);
    expect(await received(token)).toHaveLength(0);
  });

  it('logs and retries when the FormSubmit endpoint is not configured', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { env: testEnv } = sandbox('');
    const m = submissionMessage();
    const { msgId, retries } = await consume('submissions', m, 1, testEnv);
    expect(retries).toEqual([{ msgId, delaySeconds: 10 }]);
    expect((await ledger().status(m.id)).lastError).toBe(FORMSUBMIT_NOT_CONFIGURED);
    expect(errors.mock.calls.flat().join('\n')).toContain(FORMSUBMIT_NOT_CONFIGURED);
  });

  it('parks an unreadable message at once instead of retrying it forever', async () => {
    const { msgId, result } = await consume('submissions', { hello: 'world' }, 1, sandbox().env);
    expect(result.explicitAcks).toEqual([msgId]);
    const parked = await ledger().get(`queue:${msgId}`);
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
    expect(await ledger().requeue(m.id)).toEqual({ ok: true });
    const got = await waitForDelivery(m.id);
    expect(got.fields.submissionId).toBe(m.id);
    expect((await ledger().listParked()).some((p) => p.id === m.id)).toBe(false);
    expect((await ledger().get(m.id))!.requeuedAt).not.toBeNull();
    expect(await ledger().requeue(m.id)).toEqual({ ok: false, error: `Submission ${m.id} was already re-queued.` });
  });

  it('does not park a dead letter that was in fact delivered', async () => {
    const { env: testEnv } = sandbox();
    const m = submissionMessage();
    await consume('submissions', m, 1, testEnv);
    const dead = await consume('submissions-dead', m, 1, testEnv);
    expect(dead.result.explicitAcks).toEqual([dead.msgId]);
    expect(await ledger().get(m.id)).toBeNull();
  });

  it('re-queueing an unknown id says so', async () => {
    expect(await ledger().requeue('0000000000000000')).toEqual({ ok: false, error: 'No parked submission with id 0000000000000000.' });
  });
});

describe('retry schedule', () => {
  it('doubles from 10 s and stops at an hour', () => {
    expect([1, 2, 3, 4, 5, 9, 10, 11, 13].map(retryDelaySeconds)).toEqual([10, 20, 40, 80, 160, 2560, 3600, 3600, 3600]);
  });
});
