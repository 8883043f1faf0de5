import { Hono } from 'hono';
import type { ApiError } from '../shared/api.ts';
import { messages } from '../shared/messages.ts';
import type { ServerMessage } from '../shared/voice/protocol.ts';
import { appConfig, liveEndpoint } from './config.ts';
import { fingerprint } from './rateLimit.ts';
import type { AppEnv } from './env.ts';
import { errorText } from '../shared/log.ts';
import { SESSION_SECONDS_HEADER } from '../durable/VoiceRelay.ts';

// GET /api/voice (WebSocket upgrade): one voice session, relayed by its own VoiceRelay object
// (durable/VoiceRelay.ts) to Gemini Live. The wire protocol is shared/voice/protocol.ts.
//   - not an upgrade                        → 426 JSON
//   - voice unavailable (no Live key)       → 503 JSON
//   - an Origin of another site             → 403 JSON (a page elsewhere must not spend our Live quota)
//   - over the voice rate limit (10 per hour, then blocked 5 minutes; spec.md section 9) → the socket is
//     accepted, gets {type: 'error', code: 'rate-limited', message: 'Too many requests. Please try again in
//     {n} seconds.'} and is closed with 1008: a browser cannot read the body of a refused upgrade.
//   - otherwise                             → 101, handed to a new VoiceRelay named by a random id.

export const voice = new Hono<AppEnv>();

const LOOPBACK = /^(localhost|127\.0\.0\.1|\[::1\])$/;

/** Same origin, the configured site, or (locally) any loopback page of a loopback Worker. */
function originAllowed(request: Request, siteUrl: string): boolean {
  const origin = request.headers.get('Origin');
  if (!origin) return true;
  const self = new URL(request.url);
  if (origin === self.origin || origin === siteUrl) return true;
  try {
    return LOOPBACK.test(new URL(origin).hostname) && LOOPBACK.test(self.hostname);
  } catch {
    return false;
  }
}

/** Accepts the upgrade only to say why the session cannot start, then closes it. */
function refuseOverSocket(message: ServerMessage, code: number): Response {
  const pair = new WebSocketPair();
  const [client, server] = [pair[0], pair[1]];
  server.accept();
  server.send(JSON.stringify(message));
  server.close(code, message.type === 'error' ? message.code : 'closed');
  return new Response(null, { status: 101, webSocket: client });
}

voice.get('/', async (c) => {
  if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket') {
    return c.json<ApiError>(
      { error: 'upgrade_required', message: 'Voice input is a WebSocket: connect with Upgrade: websocket.' },
      426,
      { Upgrade: 'websocket', 'Cache-Control': 'no-store' },
    );
  }
  const config = appConfig(c.env);
  if (!liveEndpoint(config)) {
    return c.json<ApiError>({ error: 'voice_unavailable', message: 'Voice input is not available right now. Please type your message instead.' }, 503, { 'Cache-Control': 'no-store' });
  }
  if (!originAllowed(c.req.raw, config.SITE_URL)) {
    return c.json<ApiError>({ error: 'forbidden', message: 'Voice input is only available on this site.' }, 403);
  }
  let limited: number | null = null;
  try {
    const result = await c.env.RATE_LIMITER.getByName(await fingerprint(c.req.raw)).hit('voice');
    if (!result.allowed) limited = result.retryAfterSeconds;
  } catch (err) {
    // Fail open, like functions/rateLimit.ts: the limiter protects against floods, it is no authorisation.
    c.var.log.error('rate_limiter.unavailable', { limit: 'voice', allowed: true, error: errorText(err) });
  }
  if (limited !== null) {
    return refuseOverSocket({ type: 'error', code: 'rate-limited', message: messages.tooManyRequests(limited) }, 1008);
  }
  const relay = c.env.VOICE_RELAY.get(c.env.VOICE_RELAY.idFromName(crypto.randomUUID()));
  // The session limit travels with the request (set here, whatever the client sent), so the Worker's
  // configuration decides it.
  const headers = new Headers(c.req.raw.headers);
  headers.set(SESSION_SECONDS_HEADER, String(config.VOICE_SESSION_SECONDS));
  return relay.fetch(new Request(c.req.raw.url, { headers }));
});
