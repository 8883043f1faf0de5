import { env, exports } from 'cloudflare:workers';
import { createExecutionContext } from 'cloudflare:test';
import worker from '../../functions/index.ts';
import { voiceSocketToClose } from './voice-helpers.ts';
import type { PublicConfig } from '../../shared/config.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITER_UNAVAILABLE_RETRY_SECONDS, MAX_CONCURRENT_VOICE_SESSIONS, VOICE_TEXT_TURNS } from '../../shared/rateLimits.ts';
import { voiceMessages } from '../../shared/voice/messages.ts';
import { fingerprint } from '../../functions/rateLimit.ts';
import type { ServerMessage } from '../../shared/voice/protocol.ts';
import { systemInstruction } from '../../shared/chat/prompt.ts';
import { LIVE_PATH, type LiveMode, type RecordedLiveSession } from '../emulators/gemini-live/server.ts';
import { DEFAULT_LIVE_URL } from '../../platform/config.ts';
import { liveClientOptions } from '../../durable/VoiceRelay.ts';
import { until } from './helpers.ts';

// GET /api/voice through the real Worker, a real VoiceRelay Durable Object and the real RateLimiter, against
// the Gemini Live emulator (tests/emulators/gemini-live) started by global-setup.ts. The test plays the
// browser: exports.default.fetch with Upgrade: websocket, then res.webSocket.accept(). Tests in this file
// run one after another, so "the emulator's last session" is this test's.

// In these tests the relay's outbound WebSocket reaches the emulator through Miniflare (vitest.config.ts:
// workerd → Miniflare's loopback server → Miniflare's fetch → the emulator). Miniflare passes a close on when
// the TCP connection from workerd ends, not when the close frame arrives, which can take up to ws's 30 s
// close timeout. The relay has sent its close at once (it gets Live's acknowledgement at once, and on
// Cloudflare the frame goes straight to Live), so the emulator's side is awaited for longer.
const LIVE_CLOSE_MS = 35_000;
// The relay closes Live with the SDK's Session.close(), which sends a close frame without a status code:
// the other side reads 1005 (no status received), a normal closure from the client.
const SDK_CLOSE = { code: 1005, by: 'client' };
const control = (env as unknown as Record<string, string>).GEMINI_LIVE_CONTROL!;
let counter = 0;
const freshIp = () => {
  counter += 1;
  return `10.77.${Math.floor(Math.random() * 250)}.${counter % 250}`;
};

async function mode(m: LiveMode & { sessions?: number }) {
  const res = await fetch(`${control}/__mode`, { method: 'POST', body: JSON.stringify(m) });
  expect(res.status).toBe(200);
}
const sessions = async () => (await (await fetch(`${control}/__sessions`)).json()) as RecordedLiveSession[];
const lastSession = async () => (await sessions()).at(-1)!;


interface Client {
  ws: WebSocket;
  received: ServerMessage[];
  closed: Promise<{ code: number; reason: string }>;
  next(type: ServerMessage['type'], ms?: number): Promise<ServerMessage>;
  send(m: unknown): void;
}

async function open(ip = freshIp(), headers: Record<string, string> = {}): Promise<Client> {
  const res = await exports.default.fetch('http://example.com/api/voice', { headers: { Upgrade: 'websocket', 'CF-Connecting-IP': ip, ...headers } });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  const received: ServerMessage[] = [];
  ws.addEventListener('message', (e) => { received.push(JSON.parse(e.data as string) as ServerMessage); });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.addEventListener('close', (e) => resolve({ code: e.code, reason: e.reason })));
  let seen = 0;
  return {
    ws, received, closed,
    send: (m) => ws.send(typeof m === 'string' ? m : JSON.stringify(m)),
    next: (type, ms = 5000) => until(() => {
      const i = received.findIndex((m, k) => k >= seen && m.type === type);
      if (i < 0) return undefined;
      seen = i + 1;
      return received[i];
    }, ms),
  };
}

/** Voice session slots the visitor at `ip` holds in their RateLimiter. */
async function openSlots(ip: string): Promise<number> {
  const name = await fingerprint(new Request('http://example.com/api/voice', { headers: { 'CF-Connecting-IP': ip } }));
  return env.RATE_LIMITER.getByName(name).openVoiceSessions();
}
/** Waits until the visitor at `ip` holds `n` slots (a relay releases its slot just after the session ends). */
const slotsBecome = (ip: string, n: number) => until(async () => ((await openSlots(ip)) === n ? true : undefined));

/** A 250 ms chunk of 16 kHz PCM whose samples all equal `n` (so order can be checked on the other side). */
function chunk(n: number, samples = 4000): string {
  const bytes = new Uint8Array(samples * 2);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < samples; i++) view.setInt16(i * 2, n, true);
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

beforeEach(async () => {
  await fetch(`${control}/__sessions`, { method: 'DELETE' });
});
afterEach(async () => {
  await fetch(`${control}/__sessions`, { method: 'DELETE' });
});

describe('GET /api/voice', { timeout: 45_000 }, () => {
  it('sends the Live setup: model, AUDIO only with output transcription, the voice, the chat\'s system instruction, and the key', async () => {
    const c = await open();
    expect(await c.next('ready')).toEqual({ type: 'ready' });
    const s = await lastSession();
    expect(s.apiKey).toBe(env.GEMINI_API_KEY);
    // The SDK builds the address from its base URL and API version (with its double slash).
    expect(s.path).toBe(`/${LIVE_PATH}`);
    expect(s.setup).toEqual({
      model: `models/${env.GEMINI_LIVE_MODEL}`,
      generationConfig: {
        responseModalities: ['AUDIO'],
        speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voiceName: env.GEMINI_VOICE } } },
      },
      systemInstruction: { parts: [{ text: systemInstruction(env.ASSISTANT_NAME) }] },
      outputAudioTranscription: {},
    });
    c.ws.close(1000, 'done');
  });

  it('relays audio chunks in order and at their size, and the reply back: transcript, 24 kHz audio, turn-complete', async () => {
    await mode({ replyAfterChunks: 5 });
    const c = await open();
    await c.next('ready');
    const sizes = [4000, 4000, 2000, 4000, 1];
    for (const [i, n] of sizes.entries()) c.send({ type: 'audio', data: chunk(i + 1, n) });
    await c.next('turn-complete');
    const s = await lastSession();
    expect(s.audio.map((a) => a.bytes)).toEqual(sizes.map((n) => n * 2));
    expect(s.audio.map((a) => a.mimeType)).toEqual(sizes.map(() => 'audio/pcm;rate=16000'));
    // Each chunk's first sample is its index: the order is kept.
    expect(s.audio.map((a) => parseInt(a.head.slice(2, 4) + a.head.slice(0, 2), 16))).toEqual([1, 2, 3, 4, 5]);
    const reply = c.received.filter((m) => m.type !== 'ready');
    expect(reply.map((m) => m.type)).toEqual(['transcript', 'audio', 'transcript', 'audio', 'turn-complete']);
    expect(reply.filter((m) => m.type === 'transcript').map((m) => (m as { text: string }).text).join('')).toBe('You said: 5 chunks of audio.');
    // 100 ms of 24 kHz 16-bit PCM per part.
    for (const m of reply.filter((m) => m.type === 'audio')) expect(atob((m as { data: string }).data).length).toBe(4800);
    c.ws.close(1000, 'done');
  });

  it('relays a typed turn as clientContent with turnComplete', async () => {
    const c = await open();
    await c.next('ready');
    c.send({ type: 'text', text: '  What does a website cost?  ' });
    await c.next('turn-complete');
    expect((await lastSession()).texts).toEqual(['What does a website cost?']);
    expect(c.received.filter((m) => m.type === 'transcript').map((m) => (m as { text: string }).text).join('')).toBe('You said: What does a website cost?.');
    c.ws.close(1000, 'done');
  });

  it('relays interrupted and go-away', async () => {
    await mode({ interrupt: true, goAway: true, replyAfterChunks: 1 });
    const c = await open();
    await c.next('ready');
    expect(await c.next('go-away')).toEqual({ type: 'go-away', secondsLeft: 30 });
    c.send({ type: 'audio', data: chunk(1) });
    await c.next('interrupted');
    expect(c.received.map((m) => m.type)).toEqual(['ready', 'go-away', 'transcript', 'audio', 'interrupted']);
    c.ws.close(1000, 'done');
  });

  it('stop: sends audioStreamEnd to Live and closes both sides cleanly', async () => {
    await mode({ replyAfterChunks: 0 });
    const c = await open();
    await c.next('ready');
    c.send({ type: 'audio', data: chunk(7) });
    c.send({ type: 'stop' });
    expect((await c.closed).code).toBe(1000);
    const s = await until(async () => { const s = await lastSession(); return s.closed ? s : undefined; }, LIVE_CLOSE_MS);
    expect(s.audio).toHaveLength(1);
    expect(s.audioStreamEnd).toBe(1);
    expect(s.closed).toMatchObject(SDK_CLOSE);
  });

  it('the visitor closing the socket closes the Live session', async () => {
    const c = await open();
    await c.next('ready');
    c.ws.close(1001, 'tab closed');
    expect((await c.closed).code).toBe(1001);
    const s = await until(async () => { const s = await lastSession(); return s.closed ? s : undefined; }, LIVE_CLOSE_MS);
    expect(s.closed).toMatchObject(SDK_CLOSE);
  });

  it('the visitor leaving while Live is still setting up: Live is closed as soon as its setup completes', async () => {
    await mode({ delaySetupMs: 1500 });
    const c = await open();
    await until(async () => ((await lastSession())?.setup ? true : undefined));
    c.ws.close(1001, 'tab closed');
    const s = await until(async () => { const s = await lastSession(); return s.closed ? s : undefined; }, LIVE_CLOSE_MS);
    expect(s.closed).toMatchObject(SDK_CLOSE);
    expect(c.received).toEqual([]);
  });

  it('Live closing the session ends the visitor\'s with an upstream error', async () => {
    await mode({ fail: true });
    const c = await open();
    const err = await c.next('error');
    expect(err).toMatchObject({ type: 'error', code: 'upstream', message: voiceMessages.error });
    expect((await c.closed).code).toBe(1011);
    expect(c.received.map((m) => m.type)).toEqual(['error']);
  });

  it('a Live URL that is not a BidiGenerateContent endpoint ends the session with an upstream error, no Live session', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const e = { ...env, GEMINI_LIVE_URL: `${new URL(env.GEMINI_LIVE_URL).origin}/ws/elsewhere` } as Env;
      const { received, code } = await voiceSocketToClose('http://example.com/api/voice', e, freshIp());
      expect(code).toBe(1011);
      expect(received).toEqual([{ type: 'error', code: 'upstream', message: voiceMessages.error }]);
      expect(await sessions()).toHaveLength(0);
      const logged = errors.mock.calls.map((call) => JSON.parse(String(call[0])) as Record<string, unknown>);
      expect(logged).toContainEqual(expect.objectContaining({ level: 'error', event: 'voice.live_url_unusable' }));
    } finally {
      errors.mockRestore();
    }
  });

  it('never sends the key to the browser', async () => {
    const c = await open();
    await c.next('ready');
    c.send({ type: 'text', text: 'hello' });
    await c.next('turn-complete');
    expect(JSON.stringify(c.received)).not.toContain(env.GEMINI_API_KEY);
    c.ws.close(1000, 'done');
  });

  it('ignores session parameters a client sends: the Worker sets them (no other endpoint, key, model or limit)', async () => {
    const forged = JSON.stringify({
      liveUrl: 'ws://127.0.0.1:9/ws', liveKey: 'client-key', model: 'client-model', voice: 'Charon', assistantName: 'Evil',
      limitSeconds: 100000, limiterName: 'someone-else', sessionId: 'x',
    });
    const c = await open(freshIp(), { 'X-Voice-Session': forged });
    expect(await c.next('ready')).toEqual({ type: 'ready' });
    const s = await lastSession();
    expect(s.apiKey).toBe(env.GEMINI_API_KEY);
    expect(s.setup).toMatchObject({ model: `models/${env.GEMINI_LIVE_MODEL}`, generationConfig: { speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voiceName: env.GEMINI_VOICE } } } } });
    c.ws.close(1000, 'done');
  });

  it('parses the browser\'s messages with the protocol schema: a text turn is trimmed, over 2,000 characters refused', async () => {
    const c = await open();
    await c.next('ready');
    c.send({ type: 'text', text: `${'a'.repeat(2001)}` });
    expect(await c.next('error')).toMatchObject({ type: 'error', code: 'bad-message', message: voiceMessages.error });
  });

  it.each([
    ['not JSON', '{nope'],
    ['an unknown type', { type: 'video', data: 'AAAA' }],
    ['audio that is not base64', { type: 'audio', data: 'not base64!' }],
    ['an empty text', { type: 'text', text: '   ' }],
    ['a message over 64 KiB', { type: 'audio', data: 'A'.repeat(70_000) }],
  ])('refuses %s with bad-message and closes both sides', async (_, message) => {
    const c = await open();
    await c.next('ready');
    c.send(message);
    expect(await c.next('error')).toMatchObject({ type: 'error', code: 'bad-message' });
    expect((await c.closed).code).toBe(1008);
    const s = await until(async () => { const s = await lastSession(); return s.closed ? s : undefined; }, LIVE_CLOSE_MS);
    expect(s.audio).toHaveLength(0);
  });

  it('times out when the Live setup is not complete within 10 s', async () => {
    await mode({ delaySetupMs: 12_000 });
    const c = await open();
    const started = Date.now();
    const err = await c.next('error', 15_000);
    const waited = Date.now() - started;
    expect(err).toMatchObject({ type: 'error', code: 'timeout' });
    expect(waited).toBeGreaterThanOrEqual(9_500);
    expect(waited).toBeLessThan(12_000);
    expect((await c.closed).code).toBe(1011);
    expect(c.received.map((m) => m.type)).toEqual(['error']);
  }, 20_000);

  it('allows 10 sessions per hour, then the 11th gets rate-limited over the socket with the seconds left', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      const c = await open(ip);
      expect(await c.next('ready')).toEqual({ type: 'ready' });
      c.ws.close(1000, 'done');
      // One after another: each has given its slot back before the next starts.
      await slotsBecome(ip, 0);
    }
    const c = await open(ip);
    const err = await c.next('error');
    // Ten in a row wait until the first is an hour old (sliding window, docs/decisions/0010), longer than
    // the 5 minute block that sessions spread over the hour get.
    const seconds = Number(/in (\d+) seconds/.exec((err as { message: string }).message)?.[1]);
    expect(seconds).toBeGreaterThanOrEqual(3590);
    expect(seconds).toBeLessThanOrEqual(3600);
    expect(err).toEqual({ type: 'error', code: 'rate-limited', message: `Too many requests. Please try again in ${seconds} seconds.` });
    expect((await c.closed).code).toBe(1008);
    // No Live session was opened for it.
    await new Promise((r) => setTimeout(r, 100));
    expect(await sessions()).toHaveLength(10);
    // Another visitor is not affected.
    const other = await open();
    await other.next('ready');
    other.ws.close(1000, 'done');
  });

  it('fails closed when the rate limiter cannot be reached: rate-limited with the seconds, Retry-After, no Live session', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      // The Worker's env with a RATE_LIMITER whose object fails (passed by the test: production has no switch).
      const unreachable = () => Promise.reject(new Error('Durable Object unreachable'));
      const e = { ...env, RATE_LIMITER: { getByName: () => ({ hit: unreachable, startVoiceSession: unreachable, endVoiceSession: unreachable }) } } as unknown as Env;
      const { status, retryAfter, received, code } = await voiceSocketToClose('http://example.com/api/voice', e, freshIp());
      expect(status).toBe(101);
      expect(retryAfter).toBe(String(LIMITER_UNAVAILABLE_RETRY_SECONDS));
      expect(code).toBe(1008);
      expect(received).toEqual([{ type: 'error', code: 'rate-limited', message: `Too many requests. Please try again in ${LIMITER_UNAVAILABLE_RETRY_SECONDS} seconds.` }]);
      await new Promise((r) => setTimeout(r, 100));
      expect(await sessions()).toHaveLength(0);
      const logged = errors.mock.calls.map((call) => JSON.parse(String(call[0])) as Record<string, unknown>);
      expect(logged).toContainEqual(expect.objectContaining({ level: 'error', event: 'rate_limiter.unavailable', limit: 'voice', outcome: 'refused (fail closed)', error: 'Durable Object unreachable' }));
    } finally {
      errors.mockRestore();
    }
  });

  it('holds audio sent before Live is ready and forwards it, in order, after setupComplete', async () => {
    await mode({ delaySetupMs: 500, replyAfterChunks: 0 });
    const c = await open();
    for (let i = 1; i <= 3; i++) c.send({ type: 'audio', data: chunk(i) });
    await c.next('ready');
    const s = await until(async () => { const s = await lastSession(); return s.audio.length === 3 ? s : undefined; });
    expect(s.audio.map((a) => parseInt(a.head.slice(2, 4) + a.head.slice(0, 2), 16))).toEqual([1, 2, 3]);
    expect(s.closed).toBeNull();
    c.ws.close(1000, 'done');
  });

  it('ends a session at the session limit with session-limit and a clean close', async () => {
    const e = { ...env, VOICE_SESSION_SECONDS: '2' } as Env;
    const res = await worker.fetch(new Request('http://example.com/api/voice', { headers: { Upgrade: 'websocket', 'CF-Connecting-IP': freshIp() } }), e, createExecutionContext());
    expect(res.status).toBe(101);
    const ws = res.webSocket!;
    ws.accept();
    const received: ServerMessage[] = [];
    ws.addEventListener('message', (ev) => { received.push(JSON.parse(ev.data as string) as ServerMessage); });
    const started = Date.now();
    const closed = await new Promise<number>((resolve) => ws.addEventListener('close', (ev) => resolve(ev.code)));
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    expect(closed).toBe(1000);
    expect(received).toEqual([
      { type: 'ready' },
      { type: 'error', code: 'session-limit', message: voiceMessages.sessionLimit },
    ]);
  });

  it('answers a plain GET with 426 and an Origin of another site with 403', async () => {
    const plain = await exports.default.fetch('http://example.com/api/voice');
    expect(plain.status).toBe(426);
    expect(await plain.json()).toMatchObject({ error: 'upgrade_required' });
    const foreign = await exports.default.fetch('http://example.com/api/voice', { headers: { Upgrade: 'websocket', Origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect(foreign.webSocket).toBeNull();
    expect(await sessions()).toHaveLength(0);
  });
});

describe('voice cost caps', { timeout: 45_000 }, () => {
  it('at most 2 sessions open per visitor: the 3rd is told too-many-sessions (not counted against the hourly limit); ending one frees its slot', async () => {
    expect(MAX_CONCURRENT_VOICE_SESSIONS).toBe(2);
    const ip = freshIp();
    const a = await open(ip);
    const b = await open(ip, { 'User-Agent': 'another browser', 'X-Forwarded-For': '203.0.113.9', Cookie: 'v=2' });
    await a.next('ready');
    await b.next('ready');
    expect(await openSlots(ip)).toBe(2);

    const third = await open(ip, { 'User-Agent': 'a third browser', 'X-Real-IP': '198.18.0.3' });
    expect(await third.next('error')).toEqual({ type: 'error', code: 'too-many-sessions', message: voiceMessages.tooManySessions });
    expect((await third.closed).code).toBe(1008);
    expect(await sessions()).toHaveLength(2);
    // Another visitor is not affected.
    const other = await open();
    await other.next('ready');
    other.ws.close(1000, 'done');

    // The visitor stops one session (or closes its tab): its slot is given back and a new one may start.
    a.send({ type: 'stop' });
    await a.closed;
    await slotsBecome(ip, 1);
    const c = await open(ip);
    await c.next('ready');
    expect(await openSlots(ip)).toBe(2);
    b.ws.close(1001, 'tab closed');
    await slotsBecome(ip, 1);
    c.ws.close(1000, 'done');
    await slotsBecome(ip, 0);

    // Three sessions were counted against the voice rate limit (a, b, c), not the refused one: 7 more start.
    const name = await fingerprint(new Request('http://example.com/', { headers: { 'CF-Connecting-IP': ip } }));
    const limiter = env.RATE_LIMITER.getByName(name);
    for (let i = 4; i <= 10; i++) expect(await limiter.hit('voice'), `session ${i}`).toMatchObject({ allowed: true, count: i });
  });

  it('a session the relay ends (here after a bad message) gives its slot back too', async () => {
    const ip = freshIp();
    const c = await open(ip);
    await c.next('ready');
    expect(await openSlots(ip)).toBe(1);
    c.send('{nope');
    expect(await c.next('error')).toMatchObject({ code: 'bad-message' });
    await slotsBecome(ip, 0);
  });

  it(`typed turns: ${VOICE_TEXT_TURNS.max} in a minute go to Live, the next ends the session with too-fast and says why`, async () => {
    await mode({ replyAfterChunks: 0 });
    const ip = freshIp();
    const c = await open(ip);
    await c.next('ready');
    for (let i = 1; i <= VOICE_TEXT_TURNS.max; i++) c.send({ type: 'text', text: `question ${i}` });
    c.send({ type: 'text', text: 'one too many' });
    expect(await c.next('error')).toEqual({ type: 'error', code: 'too-fast', message: voiceMessages.tooManyTypedTurns });
    expect((await c.closed).code).toBe(1008);
    const s = await until(async () => { const s = await lastSession(); return s.closed ? s : undefined; }, LIVE_CLOSE_MS);
    expect(s.texts).toHaveLength(VOICE_TEXT_TURNS.max);
    expect(s.texts).not.toContain('one too many');
    await slotsBecome(ip, 0);
  });

  it('audio faster than real time: 3 s of audio at once is accepted, a 13th 250 ms chunk closes the session with too-fast', async () => {
    await mode({ replyAfterChunks: 0 });
    const c = await open();
    await c.next('ready');
    for (let i = 1; i <= 13; i++) c.send({ type: 'audio', data: chunk(i) });
    expect(await c.next('error')).toEqual({ type: 'error', code: 'too-fast', message: voiceMessages.audioTooFast });
    expect((await c.closed).code).toBe(1008);
    const s = await until(async () => { const s = await lastSession(); return s.closed ? s : undefined; }, LIVE_CLOSE_MS);
    expect(s.audio).toHaveLength(12);
  });

  it('audio at real time keeps flowing: 3 s at once, then 1 s of audio per second', async () => {
    await mode({ replyAfterChunks: 0 });
    const c = await open();
    await c.next('ready');
    for (let i = 1; i <= 12; i++) c.send({ type: 'audio', data: chunk(i) });
    for (let second = 0; second < 2; second++) {
      await new Promise((r) => setTimeout(r, 1100));
      for (let i = 0; i < 4; i++) c.send({ type: 'audio', data: chunk(100 + second * 4 + i) });
    }
    const s = await until(async () => { const s = await lastSession(); return s.audio.length === 20 ? s : undefined; });
    expect(s.closed).toBeNull();
    expect(c.received.filter((m) => m.type === 'error')).toEqual([]);
    c.ws.close(1000, 'done');
  });
});

describe('the SDK\'s client options from GEMINI_LIVE_URL', () => {
  it('Google\'s endpoint, a proxy with a path, and a URL that is not a BidiGenerateContent endpoint', () => {
    expect(liveClientOptions(DEFAULT_LIVE_URL)).toEqual({ baseUrl: 'https://generativelanguage.googleapis.com', apiVersion: 'v1beta' });
    expect(liveClientOptions('wss://proxy.example/gemini/ws/google.ai.generativelanguage.v1alpha.GenerativeService.BidiGenerateContent'))
      .toEqual({ baseUrl: 'https://proxy.example/gemini', apiVersion: 'v1alpha' });
    expect(liveClientOptions(`ws://127.0.0.1:8792${LIVE_PATH}`)).toEqual({ baseUrl: 'http://127.0.0.1:8792', apiVersion: 'v1beta' });
    expect(liveClientOptions('ws://localhost:8792/ws/x.BidiGenerateContent')).toBeNull();
  });
});

describe('voice availability', () => {
  const withEnv = (vars: Partial<Env>) => ({ ...env, ...vars }) as Env;
  const config = async (e: Env) => (await (await worker.fetch(new Request('http://example.com/api/config'), e, createExecutionContext())).json()) as PublicConfig;
  const upgrade = (e: Env) => worker.fetch(new Request('http://example.com/api/voice', { headers: { Upgrade: 'websocket', 'CF-Connecting-IP': freshIp() } }), e, createExecutionContext());

  it('without a key and with Google\'s Live endpoint: voiceAvailable false and 503, no Live session', async () => {
    const e = withEnv({ GEMINI_API_KEY: '', GEMINI_LIVE_URL: '' });
    expect((await config(e)).voiceAvailable).toBe(false);
    const res = await upgrade(e);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ error: 'voice_unavailable' });
    expect(await sessions()).toHaveLength(0);
  });

  it('with a key, or with a Live emulator on localhost: voiceAvailable true', async () => {
    expect((await config(withEnv({}))).voiceAvailable).toBe(true);
    expect((await config(withEnv({ GEMINI_API_KEY: '', GEMINI_LIVE_URL: 'ws://localhost:8792/ws/x.BidiGenerateContent' }))).voiceAvailable).toBe(true);
    expect((await config(withEnv({ GEMINI_API_KEY: '', GEMINI_LIVE_URL: 'wss://live.example/ws/x.BidiGenerateContent' }))).voiceAvailable).toBe(false);
  });
});
