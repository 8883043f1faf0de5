import { appConfig } from '../../platform/config.ts';
import { LEDGER_NAME } from '../../durable/SubmissionLedger.ts';
import { parseAlertEventFields } from '../../shared/alerts.ts';
import { alertMailText, alertNotification } from '../../shared/alerts/notification.ts';
import { quietState } from '../../shared/alerts/quietHours.ts';
import { quietHoursOf } from '../../shared/alerts/settings.ts';
import { createLogger } from '../../shared/log.ts';
import { mailFields, newMessageId } from '../../shared/mail/outgoing.ts';
import type { SubmissionMessage } from '../../shared/submission.ts';
import { Deferred } from '../deferred.ts';
import type { Sink } from '../sink.ts';
import { enqueueSubmission } from '../submissions.ts';
import { sendPush, vapidKeys } from './push.ts';
import { alertsEnabled, alertStoreOf, type AlertStore, type StoredDevice } from './store.ts';

// The `alert` job: one person's alert of one event (docs/decisions/0028). Held through their quiet hours;
// pushed to each of their devices, each device claimed in the ledger on its own (sink `push:<device id>`), so
// a retry after a partial failure pushes only to the devices that did not get it; a device whose push
// service answers 404/410 is removed; with no working device, an e-mail alert (a `mail` job).

const log = createLogger(console, { source: 'alerts' });

/** The e-mail alert's job id: one per alert, however often the alert is retried. */
export const alertMailJobId = (alertJobId: string): string => `mail:${alertJobId}`.slice(0, 145);

type DeviceResult = 'sent' | 'gone' | 'refused' | 'failed' | 'busy';

async function pushToDevice(m: SubmissionMessage, env: Env, store: AlertStore, device: StoredDevice, notification: ReturnType<typeof alertNotification>): Promise<DeviceResult> {
  const ledger = env.SUBMISSION_LEDGER.getByName(LEDGER_NAME);
  const sink = `push:${device.id}`;
  const claim = await ledger.claim(m, sink);
  if (claim === 'delivered') return 'sent';
  if (claim === 'busy') return 'busy';
  if (claim === 'erased') return 'gone';
  const outcome = await sendPush(appConfig(env), device, notification);
  if (outcome.ok) {
    await ledger.delivered(m, sink);
    await store.updateDevice(device.id, { lastOkAt: new Date().toISOString() }).catch(() => undefined);
    return 'sent';
  }
  await ledger.failed(m, sink, outcome.error);
  if (outcome.gone) {
    await store.removeDevice(device.id);
    log.warn('alert.device_removed', { userId: device.userId, deviceId: device.id, reason: outcome.error });
    return 'gone';
  }
  log.error('alert.push_failed', { userId: device.userId, deviceId: device.id, error: outcome.error, permanent: outcome.permanent });
  return outcome.permanent ? 'refused' : 'failed';
}

export const alertSink: Sink = {
  name: 'alert',
  // Each device is claimed on its own below, so a resend of the whole alert never repeats a device.
  idempotent: true,
  enabled: alertsEnabled,
  accepts: (kind) => kind === 'alert',
  async deliver(m, env) {
    const event = parseAlertEventFields(m.fields);
    const userId = m.fields.to;
    if (!event || !userId) throw new Error('The alert is not readable.');
    const store = alertStoreOf(env);
    const person = (await store.staff()).find((s) => s.userId === userId);
    if (!person?.settings.kinds.includes(event.kind)) {
      // No longer staff, or no longer wants it (an alert held through quiet hours meanwhile): nothing to send.
      log.info('alert.dropped', { kind: event.kind, userId, reason: person ? 'unwanted' : 'not_staff' });
      return;
    }
    const quiet = quietState(new Date(), quietHoursOf(person.settings));
    if (quiet.quiet) {
      if (event.kind === 'visitor_waiting') {
        // The visitor will not be waiting hours from now: the alert would only be noise by then.
        log.info('alert.dropped', { kind: event.kind, userId, reason: 'quiet_hours' });
        return;
      }
      throw new Deferred((quiet.endsAt.getTime() - Date.now()) / 1000, 'quiet hours');
    }

    const notification = alertNotification(event);
    // Without VAPID keys no device can be reached: the e-mail below is the alert.
    const devices = vapidKeys(appConfig(env)) ? await store.devices(userId) : [];
    const results = await Promise.all(devices.map((d) => pushToDevice(m, env, store, d, notification)));
    if (results.includes('sent')) {
      if (results.includes('failed') || results.includes('busy')) throw new Error('Some devices did not get the alert yet.');
      return;
    }
    if (results.includes('failed') || results.includes('busy')) throw new Error('No device took the alert yet.');

    // No working device (none, all gone, or all refusing): an e-mail.
    const config = appConfig(env);
    const to = await store.emailOf(userId);
    if (!to) {
      log.warn('alert.no_address', { kind: event.kind, userId });
      return;
    }
    const { subject, text } = alertMailText(notification, config.SITE_URL);
    await enqueueSubmission(env, log, 'mail', mailFields({
      purpose: 'alert', to, subject, text, replyTo: null, messageId: newMessageId(config.MAIL_FROM ?? 'alerts@localhost'),
      inReplyTo: null, references: [], leadId: event.leadId, activityId: null,
    }), alertMailJobId(m.id));
    log.info('alert.mailed', { kind: event.kind, userId });
  },
};
