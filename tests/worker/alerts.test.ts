import { env } from 'cloudflare:workers';
import { createExecutionContext } from 'cloudflare:test';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import worker from '../../functions/index.ts';
import type { Device, DevicesResponse } from '../../shared/alerts/api.ts';
import { alertEventFields, alertEventJobId, alertJobId, type AlertEvent, type AlertKind } from '../../shared/alerts.ts';
import { alertNotification } from '../../shared/alerts/notification.ts';
import { uniqueId } from '../../shared/id.ts';
import { parseMailFields } from '../../shared/mail/outgoing.ts';
import type { SubmissionMessage } from '../../shared/submission.ts';
import type { RecordedPush } from './pushRecorder.ts';
import { appConfig } from '../../platform/config.ts';
import { sendPush } from '../../functions/alerts/push.ts';
import { outbox } from '../kit/outbox.ts';
import { accounts, callApi, freshIp } from './appwrite-helpers.ts';
import { consume, validSamples } from './helpers.ts';

// Alerts through the real queue consumer (functions/delivery.ts), the Appwrite emulator and the push
// recorder (tests/worker/pushRecorder.ts), which decrypts every push with the test kit's keys and checks its
// VAPID JWT in Node (tests/kit/webPush.ts). The queue's sends are recorded, so each test sees the jobs made.

const push = inject('pushTest');
const admin = accounts.admin;
const moderator = accounts.moderator;

/** The Worker's env with a queue that records what is sent to it. */
function recording() {
  const sent: SubmissionMessage[] = [];
  const queue = { send: async (body: SubmissionMessage) => { sent.push(body); } };
  return { sent, env: { ...env, SUBMISSIONS: queue } as unknown as Env };
}

const event = (kind: AlertKind, extra: Partial<AlertEvent> = {}): AlertEvent => ({
  kind, key: `lead${uniqueId()}`, leadId: `lead${uniqueId()}`.slice(0, 20), conversationRef: null, userId: null,
  who: 'Ama Mensah', words: 'We need an online shop for our cassava flour.', at: new Date().toISOString(), ...extra,
});
const eventMessage = (e: AlertEvent): SubmissionMessage =>
  ({ v: 1, id: alertEventJobId(e), kind: 'alert-event', submittedAt: e.at, fields: alertEventFields(e) });
const alertMessage = (e: AlertEvent, userId: string): SubmissionMessage =>
  ({ v: 1, id: alertJobId(e, userId), kind: 'alert', submittedAt: e.at, fields: { ...alertEventFields(e), to: userId } });

async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

const settings = (jwt: string, body: { kinds: AlertKind[]; quietHours?: { start: string; end: string } | null; timeZone?: string }) =>
  callApi('/api/admin/notifications/settings', { method: 'PUT', jwt, body: { quietHours: null, timeZone: 'UTC', ...body } }).then((r) => json(r));
const ALL: AlertKind[] = ['new_lead', 'visitor_waiting', 'assigned', 'prospect_reply', 'promise_75'];

async function addDevice(jwt: string, prefix: 'kit' | 'gone' | 'missing' | 'flaky' | 'fail' | 'denied') {
  const subscriptionId = `${prefix}-${uniqueId()}`;
  const device = await json<Device>(await callApi('/api/admin/notifications/devices', {
    method: 'POST', jwt, body: { endpoint: `${push.origin}/push/${subscriptionId}`, keys: push.keys },
  }), 201);
  return { ...device, subscriptionId };
}
const devicesOf = async (jwt: string) => (await json<DevicesResponse>(await callApi('/api/admin/notifications/devices', { jwt }))).devices;
async function removeAllDevices(jwt: string) {
  for (const d of await devicesOf(jwt)) await json(await callApi(`/api/admin/notifications/devices/${d.id}`, { method: 'DELETE', jwt }));
}
const pushesTo = async (subscriptionId: string) => (await (await fetch(`${push.origin}/__pushes?subscription=${subscriptionId}`)).json()) as RecordedPush[];

beforeEach(async () => {
  await removeAllDevices(admin.jwt);
  await removeAllDevices(moderator.jwt);
  await settings(admin.jwt, { kinds: [...ALL, 'promise_100'] });
  await settings(moderator.jwt, { kinds: ALL });
});

describe('fan-out: one alert job per person who wants the event', () => {
  // The alert jobs queued (each is also delivered at once, which may queue an e-mail alert: not counted here).
  const jobsFor = async (e: AlertEvent) => {
    const q = recording();
    const { result } = await consume('submissions', eventMessage(e), 1, q.env);
    expect(result.explicitAcks).toHaveLength(1);
    return q.sent.filter((m) => m.kind === 'alert');
  };
  const to = (jobs: SubmissionMessage[]) => jobs.map((j) => j.fields.to);

  it('new leads and waiting visitors: every staff member who chose the kind', async () => {
    for (const kind of ['new_lead', 'visitor_waiting'] as const) {
      const e = event(kind);
      const jobs = await jobsFor(e);
      expect(to(jobs)).toEqual(expect.arrayContaining([admin.id, moderator.id]));
      expect(jobs.every((j) => j.kind === 'alert' && j.id === alertJobId(e, j.fields.to!))).toBe(true);
      expect(to(jobs)).not.toContain(accounts.user.id);
    }
    await settings(moderator.jwt, { kinds: ['assigned'] });
    const jobs = await jobsFor(event('new_lead'));
    expect(to(jobs)).toContain(admin.id);
    expect(to(jobs)).not.toContain(moderator.id);
  });

  it('assigned and prospect replies: the assignee only; 75 %: the assignee, else all; 100 %: admins', async () => {
    expect(to(await jobsFor(event('assigned', { userId: moderator.id })))).toEqual([moderator.id]);
    expect(to(await jobsFor(event('prospect_reply', { userId: admin.id })))).toEqual([admin.id]);
    expect(to(await jobsFor(event('promise_75', { userId: moderator.id })))).toEqual([moderator.id]);
    expect(to(await jobsFor(event('promise_75')))).toEqual(expect.arrayContaining([admin.id, moderator.id]));
    const broken = to(await jobsFor(event('promise_100', { userId: moderator.id })));
    expect(broken).toContain(admin.id);
    expect(broken).not.toContain(moderator.id);
    await settings(moderator.jwt, { kinds: ['new_lead'] });
    expect(to(await jobsFor(event('assigned', { userId: moderator.id })))).toEqual([]);
  });

  it('a redelivered event makes no second job, and a job delivered twice pushes each device once', async () => {
    const device = await addDevice(admin.jwt, 'kit');
    const e = event('new_lead');
    const first = await jobsFor(e);
    expect(await jobsFor(e)).toEqual([]);
    const job = first.find((j) => j.fields.to === admin.id)!;
    // Two copies of the same job (a fan-out retried after a partial failure sends them again, same id).
    for (const copy of [job, structuredClone(job)]) {
      const { result } = await consume('submissions', copy, 1, recording().env);
      expect(result.explicitAcks).toHaveLength(1);
    }
    expect(await pushesTo(device.subscriptionId)).toHaveLength(1);
  });
});

describe('delivery of one person\'s alert', () => {
  it('pushes to each device, encrypted for it (decrypted by the test kit) and signed with our VAPID key', async () => {
    const phone = await addDevice(admin.jwt, 'kit');
    const laptop = await addDevice(admin.jwt, 'kit');
    const e = event('new_lead');
    const q = recording();
    const { result } = await consume('submissions', alertMessage(e, admin.id), 1, q.env);
    expect(result.explicitAcks).toHaveLength(1);
    expect(q.sent).toEqual([]);
    for (const d of [phone, laptop]) {
      const [got, ...more] = await pushesTo(d.subscriptionId);
      expect(more).toEqual([]);
      expect(got!.status).toBe(201);
      expect(got!.contentEncoding).toBe('aes128gcm');
      expect(got!.decryptError).toBeNull();
      expect(JSON.parse(got!.plaintext!)).toEqual({ ...alertNotification(e) });
      expect(got!.vapidError).toBeNull();
      expect(got!.vapid).toMatchObject({ aud: `https://${new URL(push.origin).host}`, sub: 'mailto:hello@voltalabs.dev' });
      expect(got!.vapid!.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
      expect(got!.ttl).toBe(String(24 * 3600));
    }
    expect((await devicesOf(admin.jwt)).every((d) => d.lastOkAt)).toBe(true);
  });

  it('after a partial failure, the retry pushes only to the device that did not get it', async () => {
    const ok = await addDevice(moderator.jwt, 'kit');
    const flaky = await addDevice(moderator.jwt, 'flaky');
    const message = alertMessage(event('assigned', { userId: moderator.id }), moderator.id);
    const first = await consume('submissions', message, 1, recording().env);
    expect(first.retries).toHaveLength(1);
    expect(await pushesTo(ok.subscriptionId)).toHaveLength(1);
    expect((await pushesTo(flaky.subscriptionId)).map((p) => p.status)).toEqual([503]);
    const second = await consume('submissions', message, 2, recording().env);
    expect(second.result.explicitAcks).toHaveLength(1);
    expect(await pushesTo(ok.subscriptionId)).toHaveLength(1);
    expect((await pushesTo(flaky.subscriptionId)).map((p) => p.status)).toEqual([503, 201]);
  });

  it('removes devices whose push service answers 404 or 410, then sends the alert by e-mail', async () => {
    const gone = await addDevice(admin.jwt, 'gone');
    const missing = await addDevice(admin.jwt, 'missing');
    const e = event('promise_100');
    const q = recording();
    const message = alertMessage(e, admin.id);
    const { result } = await consume('submissions', message, 1, q.env);
    expect(result.explicitAcks).toHaveLength(1);
    expect((await pushesTo(gone.subscriptionId)).map((p) => p.status)).toEqual([410]);
    expect((await pushesTo(missing.subscriptionId)).map((p) => p.status)).toEqual([404]);
    expect(await devicesOf(admin.jwt)).toEqual([]);
    expect(q.sent).toHaveLength(1);
    const [mail] = q.sent;
    expect(mail).toMatchObject({ kind: 'mail', id: `mail:${message.id}` });
    expect(parseMailFields(mail!.fields)).toMatchObject({ purpose: 'alert', to: admin.email, subject: alertNotification(e).title, leadId: e.leadId });
    expect(mail!.fields.text).toContain(`/admin/leads/${e.leadId}`);
  });

  it('keeps a device whose push service refuses (403) and sends the e-mail instead of retrying; so without VAPID keys', async () => {
    const denied = await addDevice(moderator.jwt, 'denied');
    const q = recording();
    const { result } = await consume('submissions', alertMessage(event('promise_75', { userId: moderator.id }), moderator.id), 1, q.env);
    expect(result.explicitAcks).toHaveLength(1);
    expect((await pushesTo(denied.subscriptionId)).map((p) => p.status)).toEqual([403]);
    expect((await devicesOf(moderator.jwt)).map((d) => d.id)).toEqual([denied.id]);
    expect(q.sent.map((m) => m.kind)).toEqual(['mail']);

    const kit = await addDevice(moderator.jwt, 'kit');
    const noKeys = recording();
    const bare = { ...noKeys.env, VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '' } as Env;
    expect((await consume('submissions', alertMessage(event('new_lead'), moderator.id), 1, bare)).result.explicitAcks).toHaveLength(1);
    expect(await pushesTo(kit.subscriptionId)).toEqual([]);
    expect(noKeys.sent.map((m) => m.kind)).toEqual(['mail']);
  });

  it('sends an e-mail when the person has no device, under one id however often it runs', async () => {
    const message = alertMessage(event('new_lead'), moderator.id);
    const runs = [recording(), recording()];
    for (const q of runs) await consume('submissions', message, 1, q.env);
    expect(runs[0]!.sent.map((m) => m.id)).toEqual([`mail:${message.id}`]);
    // The second run found the alert delivered in the ledger: nothing more.
    expect(runs[1]!.sent).toEqual([]);
  });

  it('holds an alert through the person\'s quiet hours, and drops a waiting visitor\'s', async () => {
    const device = await addDevice(admin.jwt, 'kit');
    const now = new Date();
    const hhmm = (minutes: number) => {
      const m = ((now.getUTCHours() * 60 + now.getUTCMinutes() + minutes) % 1440 + 1440) % 1440;
      return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    };
    await settings(admin.jwt, { kinds: [...ALL, 'promise_100'], quietHours: { start: hhmm(-60), end: hhmm(90) }, timeZone: 'UTC' });
    const held = await consume('submissions', alertMessage(event('new_lead'), admin.id), 1, recording().env);
    expect(held.result.explicitAcks).toEqual([]);
    expect(held.retries).toHaveLength(1);
    const delay = held.retries[0]!.delaySeconds!;
    expect(delay).toBeGreaterThan(88 * 60);
    expect(delay).toBeLessThanOrEqual(90 * 60);
    const q = recording();
    const waiting = await consume('submissions', alertMessage(event('visitor_waiting'), admin.id), 1, q.env);
    expect(waiting.result.explicitAcks).toHaveLength(1);
    expect(q.sent).toEqual([]);
    expect(await pushesTo(device.subscriptionId)).toEqual([]);
  });
});

describe('without further queue hops (the queue consumer waits up to max_batch_timeout before each)', () => {
  it('a new lead is pushed to staff in the same consumer run that records it; the queued copies then do nothing', async () => {
    const device = await addDevice(admin.jwt, 'kit');
    const q = recording();
    const id = uniqueId();
    const fields = { ...validSamples().contact, name: 'Efua Asante' };
    await consume('submissions', { v: 1, id, kind: 'contact', submittedAt: new Date().toISOString(), fields }, 1, q.env);
    const [got, ...more] = await pushesTo(device.subscriptionId);
    expect(more).toEqual([]);
    expect(got!.decryptError).toBeNull();
    expect(JSON.parse(got!.plaintext!)).toMatchObject({ title: 'New lead from Efua Asante', url: `/admin/leads/${id}` });
    // The event and the admin's alert were queued all the same (the safety net): delivered already, they push nothing.
    const queued = q.sent.filter((m) => m.kind === 'alert-event' || (m.kind === 'alert' && m.fields.to === admin.id));
    expect(queued.map((m) => m.kind).sort()).toEqual(['alert', 'alert-event']);
    for (const copy of queued) {
      const { result } = await consume('submissions', copy, 1, recording().env);
      expect(result.explicitAcks).toHaveLength(1);
    }
    expect(await pushesTo(device.subscriptionId)).toHaveLength(1);
  });

  it('an alert that cannot be pushed at once is left to its queued copy, which retries it', async () => {
    const flaky = await addDevice(moderator.jwt, 'flaky');
    const e = event('assigned', { userId: moderator.id });
    const q = recording();
    expect((await consume('submissions', eventMessage(e), 1, q.env)).result.explicitAcks).toHaveLength(1);
    expect((await pushesTo(flaky.subscriptionId)).map((p) => p.status)).toEqual([503]);
    const [job, ...more] = q.sent;
    expect(more).toEqual([]);
    expect(job).toMatchObject({ kind: 'alert', id: alertJobId(e, moderator.id) });
    expect((await consume('submissions', job!, 1, recording().env)).result.explicitAcks).toHaveLength(1);
    expect((await pushesTo(flaky.subscriptionId)).map((p) => p.status)).toEqual([503, 201]);
  });
});

describe('raise points', () => {
  it('a new lead raises one new_lead event when its records are written', async () => {
    const q = recording();
    const id = uniqueId();
    const fields = { ...validSamples().contact, name: 'Kwame Boateng' };
    await consume('submissions', { v: 1, id, kind: 'contact', submittedAt: new Date().toISOString(), fields }, 1, q.env);
    const raised = q.sent.filter((m) => m.kind === 'alert-event');
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ id: `alert-event:new_lead:${id}`, fields: { kind: 'new_lead', key: id, leadId: id, who: 'Kwame Boateng' } });
  });

  it('assigning a lead to someone else raises an assigned event for them; assigning oneself does not', async () => {
    const id = uniqueId();
    await consume('submissions', { v: 1, id, kind: 'contact', submittedAt: new Date().toISOString(), fields: validSamples().contact }, 1, recording().env);
    const assign = async (assigneeId: string) => {
      const q = recording();
      const res = await worker.fetch(new Request(`http://localhost/api/admin/leads/${id}/assignee`, {
        method: 'PATCH', body: JSON.stringify({ assigneeId }),
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin.jwt}`, 'CF-Connecting-IP': freshIp() },
      }), q.env, createExecutionContext());
      expect(res.status, await res.text()).toBe(200);
      return q.sent.filter((m) => m.kind === 'alert-event');
    };
    const [raised, ...more] = await assign(moderator.id);
    expect(more).toEqual([]);
    expect(raised!.fields).toMatchObject({ kind: 'assigned', leadId: id, userId: moderator.id });
    expect(raised!.id).toMatch(new RegExp(`^alert-event:assigned:${id}:${moderator.id}:`));
    expect(await assign('me')).toEqual([]);
  });
});

describe('the outbox stand-in of npm start', () => {
  it('takes the Worker\'s push as a push service would (TTL, aes128gcm, VAPID signed for its https form)', async () => {
    const box = outbox(env.MAIL_OUTBOX_URL!);
    const config = appConfig({ ...env, PUSH_LOCAL_ORIGIN: box.origin } as Env);
    const id = `alerts-${uniqueId()}`;
    const n = alertNotification(event('new_lead'));
    expect(await sendPush(config, { endpoint: `${box.origin}/push/${id}`, ...push.keys }, n)).toEqual({ ok: true });
    const got = await box.waitForPush((p) => p.subscriptionId === id);
    expect(got).toMatchObject({ status: 201, error: null, headers: { contentEncoding: 'aes128gcm', ttl: String(24 * 3600) } });
    expect(got.vapid?.aud).toBe(box.origin.replace(/^http:/, 'https:'));
    const gone = await sendPush(config, { endpoint: `${box.origin}/push/gone-${id}`, ...push.keys }, n);
    expect(gone).toMatchObject({ ok: false, gone: true });
  });
});

