import { exports } from 'cloudflare:workers';
import { describe, expect, inject, it } from 'vitest';
import type { Device, DevicesResponse, NotificationSettingsResponse } from '../../shared/alerts/api.ts';
import { uniqueId } from '../../shared/id.ts';
import { expectApiError } from '../kit/errors.ts';
import { accounts, callApi } from './appwrite-helpers.ts';

// /api/admin/notifications through the real Worker and the Appwrite emulator: each staff member's own
// settings and devices; permissions, validation and the push endpoint allow-list (SSRF).

const push = inject('pushTest');
const base = '/api/admin/notifications';
const fcm = () => `https://fcm.googleapis.com/fcm/send/${uniqueId()}:APA91b${uniqueId()}`;
const subscription = (endpoint: string) => ({ endpoint, expirationTime: null, keys: push.keys });
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}
const addDevice = (jwt: string, endpoint: string, headers: Record<string, string> = {}) =>
  callApi(`${base}/devices`, { method: 'POST', jwt, body: subscription(endpoint), headers });
const devicesOf = async (jwt: string) => (await json<DevicesResponse>(await callApi(`${base}/devices`, { jwt }))).devices;

describe('permissions', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/settings'], ['PUT', '/settings', { kinds: [], quietHours: null, timeZone: 'UTC' }],
    ['GET', '/devices'], ['POST', '/devices', subscription(fcm())], ['DELETE', '/devices/abc123'],
  ];
  it.each(routes)('%s %s: 401 signed out, 403 for an account that is not staff', async (method, path, body) => {
    await expectApiError(await callApi(`${base}${path}`, { method, body }), 401);
    await expectApiError(await callApi(`${base}${path}`, { method, body, jwt: accounts.user.jwt }), 403, 'forbidden');
    await expectApiError(await callApi(`${base}${path}`, { method, body, jwt: accounts.revoked.jwt }), 401);
  });
});

describe('settings', () => {
  it('defaults to every kind one may get, no quiet hours; a moderator may not choose broken promises', async () => {
    const admin = await json<NotificationSettingsResponse>(await callApi(`${base}/settings`, { jwt: accounts.admin.jwt }));
    expect(admin.eligible).toContain('promise_100');
    const mod = await json<NotificationSettingsResponse>(await callApi(`${base}/settings`, { jwt: accounts.emailStaff.jwt }));
    expect(mod.eligible).not.toContain('promise_100');
    if (!mod.settings.saved) expect(mod.settings).toEqual({ kinds: mod.eligible, quietHours: null, timeZone: 'Africa/Accra', saved: false });

    const refused = await callApi(`${base}/settings`, { method: 'PUT', jwt: accounts.emailStaff.jwt, body: { kinds: ['promise_100'], quietHours: null, timeZone: 'UTC' } });
    const error = await expectApiError(refused, 422, 'validation');
    expect(error.fields?.kinds).toMatch(/admins only/);
  });

  it('saves kinds, quiet hours and time zone, and reads them back', async () => {
    const body = { kinds: ['assigned', 'new_lead'], quietHours: { start: '22:30', end: '06:45' }, timeZone: 'Europe/London' };
    const saved = await json<NotificationSettingsResponse>(await callApi(`${base}/settings`, { method: 'PUT', jwt: accounts.emailStaff.jwt, body }));
    expect(saved.settings).toEqual({ kinds: ['new_lead', 'assigned'], quietHours: body.quietHours, timeZone: 'Europe/London', saved: true });
    const read = await json<NotificationSettingsResponse>(await callApi(`${base}/settings`, { jwt: accounts.emailStaff.jwt }));
    expect(read.settings).toEqual(saved.settings);
    const none = await json<NotificationSettingsResponse>(await callApi(`${base}/settings`, { method: 'PUT', jwt: accounts.emailStaff.jwt, body: { ...body, quietHours: null } }));
    expect(none.settings.quietHours).toBeNull();
  });

  it.each([
    [{ kinds: ['new_lead'], quietHours: null, timeZone: 'Mars/Olympus' }, 'timeZone'],
    [{ kinds: ['new_lead'], quietHours: { start: '25:00', end: '06:00' }, timeZone: 'UTC' }, 'quietHours.start'],
    [{ kinds: ['new_lead'], quietHours: { start: '22:00', end: '22:00' }, timeZone: 'UTC' }, 'quietHours.end'],
    [{ kinds: ['everything'], quietHours: null, timeZone: 'UTC' }, 'kinds.0'],
    [{ quietHours: null, timeZone: 'UTC' }, 'kinds'],
  ])('refuses %j (422 naming %s)', async (body, field) => {
    const error = await expectApiError(await callApi(`${base}/settings`, { method: 'PUT', jwt: accounts.emailStaff.jwt, body }), 422, 'validation');
    expect(Object.keys(error.fields ?? {})).toContain(field);
  });

  it('415 for a body that is not JSON, 400 for malformed JSON', async () => {
    const form = await exports.default.fetch(`http://localhost${base}/settings`, {
      method: 'PUT', body: 'kinds=new_lead', headers: { Authorization: `Bearer ${accounts.emailStaff.jwt}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    await expectApiError(form, 415);
    await expectApiError(await callApi(`${base}/settings`, { method: 'PUT', jwt: accounts.emailStaff.jwt, body: '{"kinds":', headers: { 'Content-Type': 'application/json' } }), 400);
  });
});

describe('devices', () => {
  it('adds a device once, labelled from the User-Agent on the server, and lists only one\'s own', async () => {
    const endpoint = fcm();
    const added = await json<Device>(await addDevice(accounts.emailStaff.jwt, endpoint, { 'User-Agent': ANDROID }), 201);
    expect(added).toMatchObject({ label: 'Chrome on Android', pushService: 'fcm.googleapis.com', lastOkAt: null });
    expect(added).not.toHaveProperty('endpoint');
    // Turned on again on the same device: the same entry.
    const again = await json<Device>(await addDevice(accounts.emailStaff.jwt, endpoint), 200);
    expect(again.id).toBe(added.id);
    expect((await devicesOf(accounts.emailStaff.jwt)).filter((d) => d.id === added.id)).toHaveLength(1);
    expect((await devicesOf(accounts.admin.jwt)).map((d) => d.id)).not.toContain(added.id);
  });

  it('removes only one\'s own devices: someone else\'s is 404, like one that does not exist', async () => {
    const mine = await json<Device>(await addDevice(accounts.emailStaff.jwt, fcm()), 201);
    await expectApiError(await callApi(`${base}/devices/${mine.id}`, { method: 'DELETE', jwt: accounts.admin.jwt }), 404, 'device_not_found');
    expect((await devicesOf(accounts.emailStaff.jwt)).map((d) => d.id)).toContain(mine.id);
    await json(await callApi(`${base}/devices/${mine.id}`, { method: 'DELETE', jwt: accounts.emailStaff.jwt }));
    expect((await devicesOf(accounts.emailStaff.jwt)).map((d) => d.id)).not.toContain(mine.id);
    await expectApiError(await callApi(`${base}/devices/${mine.id}`, { method: 'DELETE', jwt: accounts.emailStaff.jwt }), 404, 'device_not_found');
    await expectApiError(await callApi(`${base}/devices/${encodeURIComponent('../x')}`, { method: 'DELETE', jwt: accounts.emailStaff.jwt }), 400, 'invalid_device_id');
  });

  it('moves a browser\'s subscription to whoever turns notifications on in it last', async () => {
    const endpoint = fcm();
    const first = await json<Device>(await addDevice(accounts.emailStaff.jwt, endpoint), 201);
    const second = await json<Device>(await addDevice(accounts.admin.jwt, endpoint), 201);
    expect((await devicesOf(accounts.emailStaff.jwt)).map((d) => d.id)).not.toContain(first.id);
    await json(await callApi(`${base}/devices/${second.id}`, { method: 'DELETE', jwt: accounts.admin.jwt }));
  });

  it('accepts the local push stand-in (local configuration only)', async () => {
    const d = await json<Device>(await addDevice(accounts.emailStaff.jwt, `${push.origin}/push/kit-${uniqueId()}`), 201);
    expect(d.pushService).toBe(new URL(push.origin).host);
    await json(await callApi(`${base}/devices/${d.id}`, { method: 'DELETE', jwt: accounts.emailStaff.jwt }));
  });

  // The whole rule is unit-tested (tests/unit/alerts.test.ts); here, that the route applies it.
  it.each([
    ['http://fcm.googleapis.com/fcm/send/x', /https/],
    ['https://169.254.169.254/latest/meta-data/', /known push service/],
    ['https://fcm.googleapis.com.attacker.example/x', /known push service/],
    ['http://127.0.0.1:1/push/x', /https/],
  ])('refuses the endpoint %s', async (endpoint, why) => {
    const error = await expectApiError(await addDevice(accounts.emailStaff.jwt, endpoint), 422, 'validation');
    expect(error.fields?.endpoint).toMatch(why);
  });

  it('refuses keys that are not a subscription\'s', async () => {
    for (const keys of [{ p256dh: 'AAAA', auth: push.keys.auth }, { p256dh: push.keys.p256dh, auth: 'short' }, undefined]) {
      const res = await callApi(`${base}/devices`, { method: 'POST', jwt: accounts.emailStaff.jwt, body: { endpoint: fcm(), keys } });
      await expectApiError(res, 422, 'validation');
    }
  });
});
