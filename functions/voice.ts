import { Hono } from 'hono';
import { apiError } from './errors.ts';
import { tooManyRequestsIn } from '../shared/i18n/common.ts';
import { languageOf } from '../shared/forms/language.ts';
import { CONNECT_TIMEOUT_MS, type ServerMessage } from '../shared/voice/protocol.ts';
import { appConfig, liveEndpoint } from '../platform/config.ts';
import { fingerprint, startVoiceSession } from './rateLimit.ts';
import type { AppEnv } from './env.ts';
import { originAllowed } from './origin.ts';
import { VOICE_SESSION_HEADER, type VoiceSessionParams } from '../shared/voice/session.ts';
import { VOICE_SLOT_GRACE_SECONDS } from '../shared/rateLimits.ts';
import { voiceMessages } from '../shared/voice/messages.ts';

// GET /api/voice (WebSocket upgrade): one voice session, relayed by its own VoiceRelay object to Gemini
// Live. A refusal after the upgrade (rate limit, too many sessions) is sent over the socket, since a browser
// cannot read the body of a refused upgrade. The answers: docs/architecture.md §7; why: docs/decisions/0008.

export const voice = new Hono<AppEnv>();

/** Accepts the upgrade only to say why the session cannot start, then closes it. */
function refuseOverSocket(message: ServerMessage, code: number, retryAfterSeconds?: number): Response {
  const pair = new WebSocketPair();
  const [client, server] = [pair[0], pair[1]];
  server.accept();
  server.send(JSON.stringify(message));
  server.close(code, message.type === 'error' ? message.code : 'closed');
  // Retry-After for clients that can read the upgrade's headers (a browser cannot: it reads the message).
  const headers = retryAfterSeconds ? { 'Retry-After': String(retryAfterSeconds) } : undefined;
  return new Response(null, { status: 101, webSocket: client, headers });
}

voice.get('/', async (c) => {
  if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket') {
    return apiError(c, 426, 'upgrade_required', 'Voice input is a WebSocket: connect with Upgrade: websocket.', {}, { Upgrade: 'websocket' });
  }
  const config = appConfig(c.env);
  if (!liveEndpoint(config)) {
    return apiError(c, 503, 'voice_unavailable', 'Voice input is not available right now. Please type your message instead.');
  }
  if (!originAllowed(c.req.raw, config.SITE_URL)) {
    return apiError(c, 403, 'forbidden', 'Voice input is only available on this site.');
  }
  // One call to the visitor's RateLimiter: at most MAX_CONCURRENT_VOICE_SESSIONS open at once, then the
  // voice rate limit; fails closed when the limiter cannot be reached (functions/rateLimit.ts).
  const limiterName = await fingerprint(c.req.raw);
  const sessionId = crypto.randomUUID();
  const holdSeconds = config.VOICE_SESSION_SECONDS + CONNECT_TIMEOUT_MS / 1000 + VOICE_SLOT_GRACE_SECONDS;
  const start = await startVoiceSession(c.env, limiterName, sessionId, holdSeconds, c.var.log);
  if (!start.allowed) {
    // The socket's `?language=` (a browser cannot set headers on it) words the refusal; the widget words the
    // relay's other messages itself (web/voice/session.ts).
    if (start.reason === 'concurrent') {
      return refuseOverSocket({ type: 'error', code: 'too-many-sessions', message: voiceMessages.tooManySessions }, 1008);
    }
    return refuseOverSocket({ type: 'error', code: 'rate-limited', message: tooManyRequestsIn(languageOf(c.req.query('language')), start.retryAfterSeconds) }, 1008, start.retryAfterSeconds);
  }
  const relay = c.env.VOICE_RELAY.get(c.env.VOICE_RELAY.idFromName(sessionId));
  // What the session is travels with the request (set here, overwriting whatever the client sent), so the
  // Worker decides it and the relay reads no configuration; the relay gives the slot back when it ends.
  const live = liveEndpoint(config)!;
  const session: VoiceSessionParams = {
    liveUrl: live.url, liveKey: live.key, model: config.GEMINI_LIVE_MODEL, voice: config.GEMINI_VOICE,
    assistantName: config.ASSISTANT_NAME, limitSeconds: config.VOICE_SESSION_SECONDS, limiterName, sessionId,
  };
  const headers = new Headers(c.req.raw.headers);
  headers.set(VOICE_SESSION_HEADER, JSON.stringify(session));
  try {
    return await relay.fetch(new Request(c.req.raw.url, { headers }));
  } catch (err) {
    // No relay, no session: give the slot back at once rather than when it expires.
    await c.env.RATE_LIMITER.getByName(limiterName).endVoiceSession(sessionId).catch(() => {});
    throw err;
  }
});
