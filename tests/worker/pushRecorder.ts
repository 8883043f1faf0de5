import { Hono } from 'hono';
import { readBody, serveOnLoopback, type StandInApp } from '../emulators/lib/http.ts';
import { checkVapid, decryptPush, subscriptionKeys } from '../kit/webPush.ts';

// A push service for the Worker tests (RFC 8030 §5), in Node: it records every push and, for subscriptions
// made with the test kit's keys, decrypts it and checks its VAPID JWT with tests/kit/webPush.ts, so the
// tests in workerd see what a browser would read. Subscription ids choose the answer: `gone-…` 410,
// `missing-…` 404, `fail-…` 503, `denied-…` 403, `flaky-…` 503 the first time then 201, anything else 201.
// (The outbox stand-in's /push does the same for `npm start`: tests/emulators/outbox.)

export interface RecordedPush {
  subscriptionId: string;
  status: number;
  ttl: string | null;
  urgency: string | null;
  contentEncoding: string | null;
  /** What the kit decrypted, or why it could not. */
  plaintext: string | null;
  decryptError: string | null;
  /** The VAPID claims the kit verified, or why they failed. */
  vapid: { aud: string; exp: number; sub: string } | null;
  vapidError: string | null;
}

export async function startPushRecorder(vapidPublicKey: string) {
  const keys = subscriptionKeys();
  const pushes: RecordedPush[] = [];
  const seen = new Set<string>();
  const app: StandInApp = new Hono();
  app.get('/__pushes', (c) => c.json(pushes.filter((p) => !c.req.query('subscription') || p.subscriptionId === c.req.query('subscription'))));
  app.post('/push/:id', async (c) => {
    const id = c.req.param('id');
    const body = await readBody(c.req.raw, 4096);
    const status = id.startsWith('gone-') ? 410 : id.startsWith('missing-') ? 404 : id.startsWith('fail-') ? 503 : id.startsWith('denied-') ? 403
      : id.startsWith('flaky-') && !seen.has(id) ? 503 : 201;
    seen.add(id);
    const push: RecordedPush = {
      subscriptionId: id, status, ttl: c.req.header('TTL') ?? null, urgency: c.req.header('Urgency') ?? null,
      contentEncoding: c.req.header('Content-Encoding') ?? null, plaintext: null, decryptError: null, vapid: null, vapidError: null,
    };
    try {
      push.plaintext = decryptPush(body, keys);
    } catch (err) {
      push.decryptError = String(err);
    }
    try {
      // The library signs for the https form of an address (RFC 8030 §2); this stand-in speaks http.
      const url = new URL(c.req.url);
      push.vapid = checkVapid(c.req.header('Authorization') ?? null, { aud: `https://${url.host}`, publicKey: vapidPublicKey });
    } catch (err) {
      push.vapidError = String(err);
    }
    pushes.push(push);
    return c.body(null, status as 201);
  });
  const server = await serveOnLoopback(0, app, '127.0.0.1');
  return { url: `http://127.0.0.1:${server.port}`, keys: { p256dh: keys.p256dh, auth: keys.auth }, close: server.close };
}
