import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { ALERT_KINDS } from '../../shared/alerts.ts';
import { deviceLabel } from '../../shared/alerts/deviceLabel.ts';
import { isAuthSecret, isP256dhKey, pushEndpointProblem, PUSH_ENDPOINT_MAX } from '../../shared/alerts/pushEndpoint.ts';
import { isClockTime, isTimeZone } from '../../shared/alerts/quietHours.ts';
import type { Device, DevicesResponse, NotificationSettingsResponse } from '../../shared/alerts/api.ts';
import { eligibleKinds } from '../../shared/alerts/settings.ts';
import { uniqueId } from '../../shared/id.ts';
import { appConfig } from '../../platform/config.ts';
import { AlertStore, type StoredDevice } from '../alerts/store.ts';
import type { AuthEnv } from '../auth.ts';
import type { AppEnv } from '../env.ts';
import { apiError } from '../errors.ts';
import { jsonOnly, refusal, validate } from '../validate.ts';
import { allow } from './allow.ts';

// /api/admin/notifications: each staff member's own alert settings and devices (docs/decisions/0028).
// Staff only; everyone sees, adds and removes only their own devices.
//
//   GET    /settings        → NotificationSettingsResponse
//   PUT    /settings        { kinds, quietHours: { start, end } | null, timeZone } → NotificationSettingsResponse
//   GET    /devices         → DevicesResponse
//   POST   /devices         a PushSubscription's JSON { endpoint, keys: { p256dh, auth } } → 201 Device (200: known already)
//   DELETE /devices/:id     → { id }

export type { Device, DevicesResponse, NotificationSettingsResponse };

/** No one needs more; a cap keeps a loop in a browser from filling the collection. */
export const MAX_DEVICES = 20;

const toDevice = (d: StoredDevice): Device => ({ id: d.id, label: d.label, pushService: new URL(d.endpoint).host, createdAt: d.createdAt, lastOkAt: d.lastOkAt });

const settingsBody = z.object({
  kinds: z.array(z.enum(ALERT_KINDS, { error: 'That is not a kind of alert.' }), { error: 'List the kinds of alert you want.' }).max(ALERT_KINDS.length),
  quietHours: z.object({
    start: z.string().refine(isClockTime, { error: 'Give a time as HH:MM (24-hour clock).' }),
    end: z.string().refine(isClockTime, { error: 'Give a time as HH:MM (24-hour clock).' }),
  }).refine((q) => q.start !== q.end, { error: 'Quiet hours must start and end at different times.', path: ['end'] }).nullable(),
  timeZone: z.string({ error: 'Give a time zone.' }).refine(isTimeZone, { error: 'That is not a known time zone (for example Africa/Accra).' }),
});

const deviceBody = z.object({
  endpoint: z.string({ error: 'The subscription has no endpoint.' }).max(PUSH_ENDPOINT_MAX * 2),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().refine(isP256dhKey, { error: 'The subscription key p256dh is not a P-256 public key.' }),
    auth: z.string().refine(isAuthSecret, { error: 'The subscription secret auth is not 16 bytes.' }),
  }, { error: 'The subscription has no keys.' }),
});

const deviceParams = z.object({
  id: z.string().refine((v) => /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/.test(v), { message: 'That is not a valid device id.', params: refusal(400, 'invalid_device_id') }),
});

const storeOf = (c: Context<AuthEnv>) => new AlertStore(c.get('appwrite').client, c.get('appwrite').settings.databaseId);

export const notifications = new Hono<AppEnv>()
  .get('/settings', allow('admin.open'), async (c) => {
    const { user, role } = c.get('auth');
        return c.json<NotificationSettingsResponse, 200>({ settings: await storeOf(c).settings(user.id, role), eligible: eligibleKinds(role) });
  })
  .put('/settings', allow('admin.open'), jsonOnly, validate('json', settingsBody), async (c) => {
    const { user, role } = c.get('auth');
        const body = c.req.valid('json');
    const eligible = eligibleKinds(role);
    const refused = body.kinds.find((k) => !eligible.includes(k));
    if (refused) return apiError(c, 422, 'validation', 'kinds: a broken promise is alerted to admins only.', { fields: { kinds: 'A broken promise is alerted to admins only.' } });
    const store = storeOf(c);
    await store.saveSettings(user.id, { kinds: ALERT_KINDS.filter((k) => body.kinds.includes(k)), quietHours: body.quietHours, timeZone: body.timeZone });
    c.var.log.info('notifications.settings_saved', { userId: user.id });
    return c.json<NotificationSettingsResponse, 200>({ settings: await store.settings(user.id, role), eligible });
  })
  .get('/devices', allow('admin.open'), async (c) => {
    const devices = await storeOf(c).devices(c.get('auth').user.id);
    return c.json<DevicesResponse, 200>({ devices: devices.map(toDevice) });
  })
  .post('/devices', allow('admin.open'), jsonOnly, validate('json', deviceBody), async (c) => {
    const { user } = c.get('auth');
    const { endpoint, keys } = c.req.valid('json');
    const problem = pushEndpointProblem(endpoint, appConfig(c.env).PUSH_LOCAL_ORIGIN);
    if (problem) return apiError(c, 422, 'validation', `endpoint: ${problem}`, { fields: { endpoint: problem } });
    const store = storeOf(c);
    const label = deviceLabel(c.req.header('User-Agent'));
    const known = await store.deviceByEndpoint(endpoint);
    if (known?.userId === user.id) {
      // Turned on again on the same device: fresh keys, same entry.
      const updated = await store.updateDevice(known.id, { p256dh: keys.p256dh, auth: keys.auth, label });
      return c.json<Device, 200>(toDevice(updated), 200);
    }
    if (known) {
      // The browser's subscription belongs to the browser: whoever turns notifications on in it last gets them.
      await store.removeDevice(known.id);
      c.var.log.info('notifications.device_moved', { deviceId: known.id, from: known.userId, to: user.id });
    }
    if ((await store.devices(user.id)).length >= MAX_DEVICES) {
      return apiError(c, 409, 'too_many_devices', `You can have notifications on ${MAX_DEVICES} devices at most: remove one first.`);
    }
    const device = await store.addDevice(uniqueId(), {
      userId: user.id, endpoint, p256dh: keys.p256dh, auth: keys.auth, label, createdAt: new Date().toISOString(),
    });
    c.var.log.info('notifications.device_added', { deviceId: device.id, userId: user.id, pushService: new URL(endpoint).host });
    return c.json<Device, 201>(toDevice(device), 201);
  })
  .delete('/devices/:id', allow('admin.open'), validate('param', deviceParams), async (c) => {
    const { id } = c.req.valid('param');
    const store = storeOf(c);
    const device = await store.device(id);
    // Someone else's device is as unknown to you as one that does not exist.
    if (!device || device.userId !== c.get('auth').user.id) return apiError(c, 404, 'device_not_found', 'There is no such device of yours.');
    await store.removeDevice(id);
    c.var.log.info('notifications.device_removed', { deviceId: id, userId: device.userId });
    return c.json({ id }, 200);
  });
