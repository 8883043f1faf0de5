import { buildPushPayload } from '@block65/webcrypto-web-push';
import type { AppConfig } from '../../platform/config.ts';
import type { AlertNotification } from '../../shared/alerts/notification.ts';
import { pushEndpointProblem } from '../../shared/alerts/pushEndpoint.ts';

// One Web Push message to one device (RFC 8030), encrypted for it (RFC 8291, aes128gcm) and signed with
// our VAPID key (RFC 8292) by @block65/webcrypto-web-push, which uses Web Crypto only (docs/decisions/0028).

export interface DeviceSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * How the push service answered: delivered; gone for good (404/410: remove the subscription); refused (any
 * other 4xx but 429, e.g. 403 for a subscription made with another VAPID key: retrying cannot help, so the
 * device counts as not working); or failed for now (5xx, 429, no answer: retried).
 */
export type PushOutcome = { ok: true } | { ok: false; gone: boolean; permanent: boolean; error: string };

const TIMEOUT_MS = 10_000;
/** A waiting visitor is news for minutes; the rest for a day (the push service keeps it while the device is off). */
const ttlOf = (n: AlertNotification) => (n.kind === 'visitor_waiting' ? 900 : 24 * 3600);

/** The VAPID key pair of the configuration, or null when push is not configured. */
export function vapidKeys(config: AppConfig): { subject: string; publicKey: string; privateKey: string } | null {
  if (!config.VAPID_PUBLIC_KEY || !config.VAPID_PRIVATE_KEY) return null;
  // The private key may be given as its JWK (as some generators print it): the library takes `d`.
  const privateKey = config.VAPID_PRIVATE_KEY.startsWith('{') ? String((JSON.parse(config.VAPID_PRIVATE_KEY) as { d?: string }).d ?? '') : config.VAPID_PRIVATE_KEY;
  return { subject: config.VAPID_SUBJECT ?? `mailto:${config.MAIL_FROM ?? 'hello@localhost'}`, publicKey: config.VAPID_PUBLIC_KEY, privateKey };
}

export async function sendPush(config: AppConfig, device: DeviceSubscription, n: AlertNotification): Promise<PushOutcome> {
  const vapid = vapidKeys(config);
  if (!vapid) return { ok: false, gone: false, permanent: true, error: 'Web Push is not configured (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY).' };
  // Checked again at sending: a stored endpoint is only ever one the rule allows today.
  const problem = pushEndpointProblem(device.endpoint, config.PUSH_LOCAL_ORIGIN);
  if (problem) return { ok: false, gone: true, permanent: true, error: problem };
  const url = new URL(device.endpoint);
  // The library refuses anything but https (RFC 8030 §2). The local stand-in speaks plain http on loopback:
  // the message is built for the https form of its address and sent to the address itself (so the JWT's
  // `aud` names https://localhost:PORT there). Only PUSH_LOCAL_ORIGIN can be http (pushEndpointProblem).
  const built = new URL(device.endpoint);
  built.protocol = 'https:';
  const request = await buildPushPayload(
    { data: { ...n }, options: { ttl: ttlOf(n), urgency: n.kind === 'visitor_waiting' ? 'high' : 'normal' } },
    { endpoint: built.toString(), expirationTime: null, keys: { p256dh: device.p256dh, auth: device.auth } },
    vapid,
  );
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', headers: request.headers, body: request.body, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    return { ok: false, gone: false, permanent: false, error: `The push service did not answer: ${err instanceof Error ? err.message : String(err)}` };
  }
  await res.body?.cancel();
  if (res.ok) return { ok: true };
  const gone = res.status === 404 || res.status === 410;
  return { ok: false, gone, permanent: gone || (res.status >= 400 && res.status < 500 && res.status !== 429), error: `The push service answered HTTP ${res.status}.` };
}
