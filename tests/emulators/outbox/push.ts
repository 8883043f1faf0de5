// The local push service (RFC 8030), mounted by the outbox stand-in at /push: a subscription's endpoint is
// <origin>/push/<subscriptionId>. It checks what a real push service checks and records each push as it came
// (the encrypted body in base64), so tests decrypt it with the keys they made (RFC 8291 end to end).
//
//   POST   /push/:subscriptionId  a push message: 201 Created with a Location; ids starting with `gone-` answer
//                                 410 (the subscription expired) and `missing-` 404 (never existed), so tests
//                                 can prove the Worker removes such subscriptions
//   GET    /__pushes              every push received (refused ones too), oldest first
//   DELETE /__pushes              forget them
//
// Refusals (RFC 8030 §5, RFC 8292 §4, RFC 8291 §4): no TTL header 400; an Urgency other than very-low, low,
// normal, high 400; a Topic longer than 32 characters or outside base64url 400; no `vapid t=…, k=…`
// Authorization 401, and one whose JWT is not ES256-signed by k, or whose aud is not this origin, or expired
// or more than 24 hours ahead, 403; a body not encoded aes128gcm 415; a body over 4096 bytes 413.
import { randomUUID, webcrypto } from 'node:crypto';
import type { Context } from 'hono';
import { readBody, type StandInApp } from '../lib/http.ts';

export interface ReceivedPush {
  id: string;
  subscriptionId: string;
  receivedAt: string;
  status: number;
  /** Why it was refused (status 4xx), or null. */
  error: string | null;
  headers: { authorization: string | null; contentEncoding: string | null; ttl: string | null; urgency: string | null; topic: string | null; contentType: string | null };
  /** The encrypted body (aes128gcm record) in base64. */
  body: string;
  /** The VAPID claims and key of the Authorization header, when it could be read. */
  vapid: { aud: string; sub: string | null; exp: number; k: string } | null;
}

const MAX_PUSH_BYTES = 4096;
const URGENCIES = ['very-low', 'low', 'normal', 'high'];
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;

const b64url = (text: string) => Buffer.from(text, 'base64url');

/** The `vapid` scheme's t and k (RFC 8292 §3), or null when the header is not one. */
export function parseVapidAuthorization(header: string | null): { t: string; k: string } | null {
  const m = /^vapid\s+(.+)$/i.exec(header?.trim() ?? '');
  if (!m) return null;
  const params = Object.fromEntries(m[1]!.split(',').map((p) => p.trim().split('=')).filter((kv) => kv.length === 2).map(([k, v]) => [k!.toLowerCase(), v!]));
  return params.t && params.k ? { t: params.t, k: params.k } : null;
}

/** Checks the JWT of a `vapid` Authorization: ES256 by the key k, aud this origin, exp within 24 hours. */
async function checkVapid(t: string, k: string, origin: string, now: number): Promise<{ claims: { aud: string; sub: string | null; exp: number }; error: string | null }> {
  const parts = t.split('.');
  const empty = { aud: '', sub: null, exp: 0 };
  if (parts.length !== 3) return { claims: empty, error: 'the vapid t is not a JWT' };
  let header: { alg?: unknown };
  let payload: { aud?: unknown; sub?: unknown; exp?: unknown };
  try {
    header = JSON.parse(b64url(parts[0]!).toString('utf8'));
    payload = JSON.parse(b64url(parts[1]!).toString('utf8'));
  } catch {
    return { claims: empty, error: 'the vapid JWT is not JSON' };
  }
  const claims = { aud: String(payload.aud ?? ''), sub: typeof payload.sub === 'string' ? payload.sub : null, exp: Number(payload.exp) };
  if (header.alg !== 'ES256') return { claims, error: 'the vapid JWT must be signed with ES256' };
  const key = b64url(k);
  if (key.length !== 65 || key[0] !== 4) return { claims, error: 'the vapid k must be an uncompressed P-256 public key' };
  let valid = false;
  try {
    const publicKey = await webcrypto.subtle.importKey('raw', key, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
    valid = await webcrypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, publicKey, b64url(parts[2]!), Buffer.from(`${parts[0]}.${parts[1]}`));
  } catch {
    valid = false;
  }
  if (!valid) return { claims, error: 'the vapid JWT signature does not match k' };
  // Push services are https (RFC 8030 §2) and Web Push libraries sign for that: this http stand-in stands for
  // one, so the https form of its origin is its audience too (docs/decisions/0028).
  const audiences = [origin, origin.replace(/^http:/, 'https:')];
  if (!audiences.includes(claims.aud)) return { claims, error: `the vapid aud must be ${origin}` };
  const seconds = now / 1000;
  if (!Number.isFinite(claims.exp) || claims.exp <= seconds || claims.exp > seconds + 24 * 3600) return { claims, error: 'the vapid exp must be in the next 24 hours' };
  return { claims, error: null };
}

export function mountPush(app: StandInApp, send: (status: number, body: unknown, headers?: Record<string, string>) => Response) {
  const pushes: ReceivedPush[] = [];

  app.get('/__pushes', () => send(200, pushes));
  app.delete('/__pushes', () => {
    const cleared = pushes.length;
    pushes.length = 0;
    return send(200, { cleared });
  });

  app.post('/push/:subscriptionId', async (c: Context) => {
    const subscriptionId = c.req.param('subscriptionId')!;
    const h = (name: string) => c.req.header(name) ?? null;
    const headers = { authorization: h('authorization'), contentEncoding: h('content-encoding'), ttl: h('ttl'), urgency: h('urgency'), topic: h('topic'), contentType: h('content-type') };
    const origin = new URL(c.req.url).origin;
    let body: Buffer;
    try {
      body = await readBody(c.req.raw, MAX_PUSH_BYTES);
    } catch {
      body = Buffer.alloc(0);
      return record(413, 'a push message body is at most 4096 bytes');
    }

    function record(status: number, error: string | null, vapid: ReceivedPush['vapid'] = null, extra: Record<string, string> = {}) {
      const id = randomUUID();
      pushes.push({ id, subscriptionId, receivedAt: new Date().toISOString(), status, error, headers, body: body.toString('base64'), vapid });
      if (status === 201) return send(201, '', { Location: `${origin}/push/message/${id}`, ...extra });
      return send(status, { error });
    }

    if (headers.ttl === null || !/^\d+$/.test(headers.ttl)) return record(400, 'the TTL header is required: a whole number of seconds (RFC 8030 §5.2)');
    if (headers.urgency !== null && !URGENCIES.includes(headers.urgency)) return record(400, `Urgency must be one of ${URGENCIES.join(', ')}`);
    if (headers.topic !== null && !TOPIC.test(headers.topic)) return record(400, 'Topic must be at most 32 characters of base64url');
    const auth = parseVapidAuthorization(headers.authorization);
    if (!auth) return record(401, 'Authorization must be vapid t=<JWT>, k=<public key> (RFC 8292)');
    const checked = await checkVapid(auth.t, auth.k, origin, Date.now());
    const vapid = { ...checked.claims, k: auth.k };
    if (checked.error) return record(403, checked.error, vapid);
    if (body.length && headers.contentEncoding?.toLowerCase() !== 'aes128gcm') return record(415, 'an encrypted push message must have Content-Encoding: aes128gcm (RFC 8291)', vapid);
    if (subscriptionId.startsWith('gone-')) return record(410, 'this subscription has expired', vapid);
    if (subscriptionId.startsWith('missing-')) return record(404, 'no such subscription', vapid);
    return record(201, null, vapid, { TTL: headers.ttl });
  });

  return { pushes };
}
