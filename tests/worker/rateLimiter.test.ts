import { env, exports } from 'cloudflare:workers';
import { createExecutionContext, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import type { RateLimiter } from '../../durable/RateLimiter.ts';
import worker from '../../functions/index.ts';
import { clientAddress, fingerprint, rateLimit } from '../../functions/rateLimit.ts';
import { LIMITER_UNAVAILABLE_RETRY_SECONDS, rateLimits, type LimitName } from '../../shared/rateLimits.ts';
import { validSamples } from './helpers.ts';

/** The structured log lines (shared/log.ts) a console spy saw. */
const logLines = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.flatMap((c) => { try { return [JSON.parse(String(c[0])) as Record<string, unknown>]; } catch { return []; } });

// A unique object (and a unique client address) per test: no test shares a budget with another.
const limiter = () => env.RATE_LIMITER.getByName(`test-${crypto.randomUUID()}`);
let ipCounter = 0;
const freshIp = () => `198.51.${Math.floor(++ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;

const T0 = Date.UTC(2030, 0, 1, 12, 0, 0);
const SEC = 1000;

describe('RateLimiter: counts at the limit and one past it', () => {
  const cases: [LimitName, number, number, number][] = [
    ['api', 50, 60, 60],
    ['chatbot', 20, 60, 30],
    ['voice', 10, 3600, 300],
    ['staff', 600, 60, 60],
    ['ack', 3, 3600, 3600],
    ['ackAddress', 1, 86400, 3600],
    ['whatsapp', 20, 60, 60],
  ];
  it('has the limits of docs/product.md §9', () => {
    expect(Object.fromEntries(cases.map(([name, max, windowSeconds, blockSeconds]) => [name, { max, windowSeconds, blockSeconds }])))
      .toEqual(rateLimits);
  });

  for (const [name, max, windowSeconds, blockSeconds] of cases) {
    it(`${name}: request ${max} is allowed, request ${max + 1} is blocked for ${blockSeconds} s (requests spread over the window)`, async () => {
      const stub = limiter();
      const spacing = (windowSeconds * SEC) / max;
      for (let i = 0; i < max; i++) {
        const r = await stub.hit(name, T0 + i * spacing);
        expect(r, `request ${i + 1}`).toEqual({ allowed: true, count: i + 1, limit: max, retryAfterSeconds: 0 });
      }
      // The first request leaves the window before the block ends: the wait is the block.
      const over = await stub.hit(name, T0 + windowSeconds * SEC - SEC);
      expect(over).toEqual({ allowed: false, count: max + 1, limit: max, retryAfterSeconds: blockSeconds });
    });

    it(`${name}: after a burst of ${max}, request ${max + 1} waits until the first has left the ${windowSeconds} s window (the real wait, at least the block)`, async () => {
      const stub = limiter();
      for (let i = 1; i <= max; i++) expect((await stub.hit(name, T0 + i)).allowed).toBe(true);
      const over = await stub.hit(name, T0 + max + 1);
      expect(over).toEqual({ allowed: false, count: max + 1, limit: max, retryAfterSeconds: Math.max(blockSeconds, windowSeconds) });
      const until = Math.max(T0 + max + 1 + blockSeconds * SEC, T0 + 1 + windowSeconds * SEC);
      expect(await stub.hit(name, until - 1)).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
      expect(await stub.hit(name, until)).toMatchObject({ allowed: true });
    });
  }
});

describe('RateLimiter: a sliding window, no burst at a window boundary', () => {
  it('chatbot: 1 request at 0 s and 19 at 59 s; at 60 s only one more is allowed (a fixed window would allow 20)', async () => {
    const stub = limiter();
    expect((await stub.hit('chatbot', T0)).allowed).toBe(true);
    for (let i = 0; i < 19; i++) expect((await stub.hit('chatbot', T0 + 59 * SEC)).allowed).toBe(true);
    // The window (now - 60 s, now]: the request at 0 s has just left it, the 19 at 59 s have not.
    expect(await stub.hit('chatbot', T0 + 60 * SEC)).toEqual({ allowed: true, count: 20, limit: 20, retryAfterSeconds: 0 });
    // The next waits until the requests at 59 s leave the window (at 119 s), longer than the 30 s block.
    expect(await stub.hit('chatbot', T0 + 60 * SEC)).toEqual({ allowed: false, count: 21, limit: 20, retryAfterSeconds: 59 });
    expect((await stub.hit('chatbot', T0 + 119 * SEC - 1)).allowed).toBe(false);
    expect(await stub.hit('chatbot', T0 + 119 * SEC)).toMatchObject({ allowed: true, count: 2 });
  });

  it('never allows more than max requests in any span of the window (random arrivals over 4 windows)', async () => {
    const stub = limiter();
    // A fixed pseudo-random sequence (deterministic, so a failure can be replayed).
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const times: number[] = [];
    for (let t = T0; times.length < 150;) {
      t += Math.floor(random() * 2.5 * SEC);
      times.push(t);
    }
    const allowedAt: number[] = [];
    for (const t of times) {
      const r = await stub.hit('chatbot', t);
      if (r.allowed) allowedAt.push(t);
      else expect(r.retryAfterSeconds).toBeGreaterThan(0);
    }
    for (const t of allowedAt) {
      expect(allowedAt.filter((u) => u > t - 60 * SEC && u <= t).length, `window ending at ${t - T0} ms`).toBeLessThanOrEqual(20);
    }
    expect(allowedAt.length).toBeGreaterThan(40);
  });
});

describe('RateLimiter: block and reset', () => {
  it('stays blocked for the whole block, counting down, then starts a fresh window', async () => {
    const stub = limiter();
    for (let i = 0; i < 51; i++) await stub.hit('api', T0);
    const blockedAt = T0;
    expect((await stub.hit('api', blockedAt + 1 * SEC)).retryAfterSeconds).toBe(59);
    expect((await stub.hit('api', blockedAt + 30 * SEC + 1)).retryAfterSeconds).toBe(30);
    const last = await stub.hit('api', blockedAt + 60 * SEC - 1);
    expect(last).toEqual({ allowed: false, count: 51, limit: 50, retryAfterSeconds: 1 });
    // Requests while blocked are not counted: the block ends when it said it would.
    expect(await stub.hit('api', blockedAt + 60 * SEC)).toEqual({ allowed: true, count: 1, limit: 50, retryAfterSeconds: 0 });
  });

  it('a block shorter than the window (chatbot: 30 s in a 60 s window) ends on time, and the window counts on', async () => {
    const stub = limiter();
    // 20 requests 3 s apart (0 s to 57 s), the 21st at 58 s: blocked 30 s, until 88 s.
    for (let i = 0; i < 20; i++) await stub.hit('chatbot', T0 + i * 3 * SEC);
    expect(await stub.hit('chatbot', T0 + 58 * SEC)).toMatchObject({ allowed: false, retryAfterSeconds: 30 });
    expect(await stub.hit('chatbot', T0 + 88 * SEC - 1)).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    // At 88 s the requests from 30 s on (10 of them) are still in the window: 10 more, not a fresh 20.
    expect(await stub.hit('chatbot', T0 + 88 * SEC)).toMatchObject({ allowed: true, count: 11 });
    for (let i = 12; i <= 20; i++) expect(await stub.hit('chatbot', T0 + 88 * SEC)).toMatchObject({ allowed: true, count: i });
    expect((await stub.hit('chatbot', T0 + 88 * SEC)).allowed).toBe(false);
  });

  it('voice blocks for 5 minutes, then allows what has left the hour', async () => {
    const stub = limiter();
    // 10 sessions 6 minutes apart (0 to 54 min), the 11th at 59 min.
    for (let i = 0; i < 10; i++) await stub.hit('voice', T0 + i * 6 * 60 * SEC);
    const blockedAt = T0 + 59 * 60 * SEC;
    expect(await stub.hit('voice', blockedAt)).toMatchObject({ allowed: false, retryAfterSeconds: 300 });
    expect(await stub.hit('voice', blockedAt + 5 * 60 * SEC - 1)).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    // At 64 min the sessions from 6 min on (9) are still within the hour.
    expect(await stub.hit('voice', blockedAt + 5 * 60 * SEC)).toMatchObject({ allowed: true, count: 10 });
    expect((await stub.hit('voice', blockedAt + 5 * 60 * SEC)).allowed).toBe(false);
  });

  it('counts every request inside the window and resets when the window ends', async () => {
    const stub = limiter();
    for (let i = 0; i < 49; i++) await stub.hit('api', T0);
    expect(await stub.hit('api', T0 + 59 * SEC)).toMatchObject({ allowed: true, count: 50 });
    expect(await stub.hit('api', T0 + 60 * SEC - 1)).toMatchObject({ allowed: false, count: 51 });

    const other = limiter();
    for (let i = 0; i < 50; i++) await other.hit('api', T0);
    expect(await other.hit('api', T0 + 60 * SEC)).toEqual({ allowed: true, count: 1, limit: 50, retryAfterSeconds: 0 });
  });

  it('keeps each limit separate within one visitor', async () => {
    const stub = limiter();
    for (let i = 0; i < 21; i++) await stub.hit('chatbot', T0);
    expect((await stub.hit('chatbot', T0)).allowed).toBe(false);
    expect(await stub.hit('api', T0)).toMatchObject({ allowed: true, count: 1 });
    expect(await stub.hit('voice', T0)).toMatchObject({ allowed: true, count: 1 });
  });

  it('keeps separate fingerprints separate', async () => {
    const a = limiter();
    const b = limiter();
    for (let i = 0; i < 51; i++) await a.hit('api', T0);
    expect((await a.hit('api', T0)).allowed).toBe(false);
    expect(await b.hit('api', T0)).toMatchObject({ allowed: true, count: 1 });
  });

  it('refuses an unknown limit name or a non-finite time', async () => {
    // Called on the instance, not through the stub: a rejecting RPC leaks an unhandled rejection in the
    // vitest pool (cloudflare/workers-sdk#14736) even when the test handles it.
    await runInDurableObject(limiter(), async (instance: RateLimiter) => {
      await expect(instance.hit('nope' as LimitName)).rejects.toThrow(/Unknown rate limit/);
      await expect(instance.hit('api', Number.NaN)).rejects.toThrow(/finite/);
      expect(instance.entryCount()).toBe(0);
    });
  });
});

describe('RateLimiter: voice session slots', () => {
  const HOLD = 600 + 10 + 60;

  it('holds at most 2 open sessions; a refused start is not counted against the voice limit', async () => {
    const stub = limiter();
    expect(await stub.startVoiceSession('a', HOLD, T0)).toEqual({ allowed: true, open: 1 });
    expect(await stub.startVoiceSession('b', HOLD, T0 + SEC)).toEqual({ allowed: true, open: 2 });
    expect(await stub.startVoiceSession('c', HOLD, T0 + 2 * SEC)).toEqual({ allowed: false, reason: 'concurrent', open: 2, retryAfterSeconds: HOLD - 2 });
    expect(await stub.openVoiceSessions(T0 + 2 * SEC)).toBe(2);
    await stub.endVoiceSession('a');
    expect(await stub.startVoiceSession('c', HOLD, T0 + 3 * SEC)).toEqual({ allowed: true, open: 2 });
    // a, b and c were counted (3 of 10 an hour), the refused attempt was not.
    expect(await stub.hit('voice', T0 + 4 * SEC)).toMatchObject({ allowed: true, count: 4 });
  });

  it('a slot a relay never gives back (it crashed) expires after its hold time', async () => {
    const stub = limiter();
    await stub.startVoiceSession('crashed-1', HOLD, T0);
    await stub.startVoiceSession('crashed-2', HOLD, T0);
    expect((await stub.startVoiceSession('new', HOLD, T0 + HOLD * SEC - 1)).allowed).toBe(false);
    expect(await stub.startVoiceSession('new', HOLD, T0 + HOLD * SEC)).toEqual({ allowed: true, open: 1 });
  });

  it('the voice rate limit still applies: the 11th session within the hour is rate-limited', async () => {
    const stub = limiter();
    for (let i = 0; i < 10; i++) {
      expect((await stub.startVoiceSession(`s${i}`, HOLD, T0 + i * SEC)).allowed).toBe(true);
      await stub.endVoiceSession(`s${i}`);
    }
    expect(await stub.startVoiceSession('s10', HOLD, T0 + 10 * SEC)).toMatchObject({ allowed: false, reason: 'rate-limited', open: 0 });
    expect(await stub.openVoiceSessions(T0 + 10 * SEC)).toBe(0);
  });

  it('the cleanup alarm deletes expired slots and keeps live ones', async () => {
    const stub = limiter();
    const now = Date.now();
    await stub.startVoiceSession('old', 60, now - 2 * 60 * SEC);
    await stub.startVoiceSession('live', HOLD, now);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const ids = await runInDurableObject(stub, (_i: RateLimiter, state) =>
      state.storage.sql.exec<{ id: string }>('SELECT id FROM voice_sessions').toArray().map((r) => r.id));
    expect(ids).toEqual(['live']);
  });
});

describe('RateLimiter: cleanup alarm', () => {
  const alarmOf = (stub: ReturnType<typeof limiter>) =>
    runInDurableObject(stub, (_instance: RateLimiter, state) => state.storage.getAlarm());

  it('sets no alarm while empty', async () => {
    const stub = limiter();
    expect(await runInDurableObject(stub, (instance: RateLimiter) => instance.entryCount())).toBe(0);
    expect(await alarmOf(stub)).toBeNull();
    expect(await runDurableObjectAlarm(stub)).toBe(false);
  });

  it('sets an alarm 60 s ahead on the first request', async () => {
    const stub = limiter();
    const before = Date.now();
    await stub.hit('api');
    const at = await alarmOf(stub);
    expect(at).not.toBeNull();
    expect(at! - before).toBeGreaterThanOrEqual(60 * SEC - 50);
    expect(at! - before).toBeLessThanOrEqual(60 * SEC + 5 * SEC);
  });

  it('deletes expired entries, keeps live ones, and comes back while any remain', async () => {
    const stub = limiter();
    const now = Date.now();
    await stub.hit('api', now - 10 * 60 * SEC); // window ended 9 minutes ago
    await stub.hit('chatbot', now - 2 * 60 * SEC); // window ended a minute ago
    await stub.hit('voice', now); // live for an hour
    expect(await stub.entryCount()).toBe(3);

    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const names = await runInDurableObject(stub, (_i: RateLimiter, state) =>
      state.storage.sql.exec<{ name: string }>('SELECT name FROM requests').toArray().map((r) => r.name));
    expect(names).toEqual(['voice']);
    expect(await alarmOf(stub)).not.toBeNull();
  });

  it('keeps blocks until they end and requests until they leave their window', async () => {
    const stub = limiter();
    const now = Date.now();
    // Voice: blocked from (now - 1 minute), window an hour: both live.
    for (let i = 0; i < 11; i++) await stub.hit('voice', now - 60 * SEC);
    // Chatbot: 20 requests 2 s apart from (now - 70 s), so the first 6 have left the window by now; the
    // 21st at (now - 20 s) blocks until (now + 10 s).
    for (let i = 0; i < 20; i++) await stub.hit('chatbot', now - 70 * SEC + i * 2 * SEC);
    expect(await stub.hit('chatbot', now - 20 * SEC)).toMatchObject({ allowed: false, retryAfterSeconds: 30 });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await stub.entryCount()).toBe(2);
    const rows = await runInDurableObject(stub, (_i: RateLimiter, state) => ({
      chatbotRequests: state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM requests WHERE name = 'chatbot'").one().n,
      blocks: state.storage.sql.exec<{ name: string }>('SELECT name FROM blocks ORDER BY name').toArray().map((r) => r.name),
    }));
    expect(rows).toEqual({ chatbotRequests: 14, blocks: ['chatbot', 'voice'] });
  });

  it('stops when the last entry is gone', async () => {
    const stub = limiter();
    await stub.hit('api', Date.now() - 5 * 60 * SEC);
    expect(await alarmOf(stub)).not.toBeNull();
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await stub.entryCount()).toBe(0);
    expect(await alarmOf(stub)).toBeNull();
    expect(await runDurableObjectAlarm(stub)).toBe(false);
  });
});

describe('visitor fingerprint: the connecting address and nothing the client sends', () => {
  const chrome = (v: string) => `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v} Safari/537.36`;
  const req = (headers: Record<string, string>) => new Request('http://x/api/forms/contact', { headers });

  it('takes the address from CF-Connecting-IP only and counts IPv6 per /64', () => {
    expect(clientAddress(new Headers({ 'CF-Connecting-IP': '192.0.2.7', 'X-Forwarded-For': '10.0.0.1' }))).toBe('192.0.2.7');
    expect(clientAddress(new Headers({ 'CF-Connecting-IP': ' 192.0.2.7 ' }))).toBe('192.0.2.7');
    // X-Forwarded-For and X-Real-IP are whatever the client wrote: never read.
    expect(clientAddress(new Headers({ 'X-Forwarded-For': '192.0.2.8, 10.0.0.1' }))).toBe('unknown');
    expect(clientAddress(new Headers({ 'X-Real-IP': '192.0.2.9' }))).toBe('unknown');
    expect(clientAddress(new Headers())).toBe('unknown');
    expect(clientAddress(new Headers({ 'CF-Connecting-IP': '::ffff:192.0.2.7' }))).toBe('192.0.2.7');
    expect(clientAddress(new Headers({ 'CF-Connecting-IP': '2001:db8:0:1:aaaa::1' }))).toBe('2001:db8:0:1::/64');
    expect(clientAddress(new Headers({ 'CF-Connecting-IP': '2001:0db8:0000:0001:bbbb:cccc:dddd:eeee' }))).toBe('2001:db8:0:1::/64');
    expect(clientAddress(new Headers({ 'CF-Connecting-IP': '2001:DB8:0:1::FFFF' }))).toBe('2001:db8:0:1::/64');
    expect(clientAddress(new Headers({ 'CF-Connecting-IP': '2001:db8::1' }))).toBe('2001:db8:0:0::/64');
  });

  it('is the same whatever User-Agent, X-Forwarded-For, X-Real-IP, Cookie or other header the client sends', async () => {
    const base = await fingerprint(req({ 'CF-Connecting-IP': '192.0.2.1', 'User-Agent': chrome('120.0.1') }));
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    const variants: Record<string, string>[] = [
      {},
      { 'User-Agent': chrome('131.0.9') },
      { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0' },
      { 'User-Agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1' },
      { 'User-Agent': 'curl/8.5.0' },
      { 'X-Forwarded-For': '1.2.3.4' },
      { 'X-Real-IP': '5.6.7.8' },
      { Cookie: `session=${crypto.randomUUID()}` },
      { 'Accept-Language': 'fr-FR', Forwarded: 'for=9.9.9.9', 'True-Client-IP': '8.8.8.8', Authorization: 'Bearer x' },
    ];
    for (const extra of variants) {
      expect(await fingerprint(req({ 'CF-Connecting-IP': '192.0.2.1', ...extra })), JSON.stringify(extra)).toBe(base);
    }
    const v6 = await fingerprint(req({ 'CF-Connecting-IP': '2001:db8:0:1::1' }));
    expect(await fingerprint(req({ 'CF-Connecting-IP': '2001:db8:0:1:ffff::42', 'User-Agent': chrome('1') }))).toBe(v6);
    // Different addresses are different visitors.
    expect(await fingerprint(req({ 'CF-Connecting-IP': '192.0.2.2', 'User-Agent': chrome('120.0.1') }))).not.toBe(base);
    expect(await fingerprint(req({ 'CF-Connecting-IP': '2001:db8:0:2::1' }))).not.toBe(v6);
  });
});

describe('rate limiting through HTTP: /api/forms/* with the generic api limit', () => {
  const post = (ip: string, extra: Record<string, string> = {}) =>
    exports.default.fetch('http://localhost/api/forms/contact', {
      method: 'POST',
      // Deliberately invalid: nothing is queued, yet every request counts against the budget.
      body: '{}',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip, 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36', ...extra },
    });
  /** n header sets that differ in everything a client controls: browser, OS, forwarding headers, cookies. */
  const rotating = (n: number) => {
    const agents = [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 EdgA/120.0',
      'curl/8.5.0',
      'python-requests/2.31',
      'Googlebot/2.1',
    ];
    return Array.from({ length: n }, (_, i) => ({
      'User-Agent': `${agents[i % agents.length]} r${i}`,
      'X-Forwarded-For': `203.0.113.${i + 1}, 10.0.0.${i + 1}`,
      'X-Real-IP': `198.18.0.${i + 1}`,
      Cookie: `visitor=${crypto.randomUUID()}`,
    }));
  };

  it('answers the 51st POST within a minute with 429, Retry-After and the spec message', async () => {
    const ip = freshIp();
    for (let i = 1; i <= 50; i++) {
      const res = await post(ip);
      await res.body?.cancel();
      expect(res.status, `request ${i}`).not.toBe(429);
    }
    const res = await post(ip);
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toBe('60');
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ error: 'rate_limited', message: 'Too many requests. Please try again in 60 seconds.', retryAfter: 60 });
    // Security headers on the 429 as on every response.
    expect(res.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');

    // The same address with any other headers is still blocked...
    for (const extra of rotating(8)) {
      const again = await post(ip, extra);
      expect(again.status, JSON.stringify(extra)).toBe(429);
      expect(Number(again.headers.get('Retry-After'))).toBeGreaterThan(0);
      await again.body?.cancel();
    }
    // ...while another address is not.
    const other = await post(freshIp());
    expect(other.status).not.toBe(429);
    await other.body?.cancel();
  });

  it('gives no fresh budget for rotating User-Agent, X-Forwarded-For, X-Real-IP and Cookie: request 51 is refused', async () => {
    const ip = freshIp();
    const headers = rotating(51);
    for (let i = 0; i < 50; i++) {
      const res = await post(ip, headers[i]);
      await res.body?.cancel();
      expect(res.status, `request ${i + 1}`).not.toBe(429);
    }
    const res = await post(ip, headers[50]);
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toBe('60');
    await res.body?.cancel();
  });

  it('without CF-Connecting-IP (no edge in front) every caller shares one budget, whatever X-Forwarded-For or X-Real-IP says', async () => {
    // The only requests of this file without CF-Connecting-IP (storage is per test file).
    const headers = rotating(51);
    const statuses: number[] = [];
    for (const h of headers) {
      const res = await exports.default.fetch('http://localhost/api/forms/contact', {
        method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json', ...h },
      });
      await res.body?.cancel();
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 50).filter((s) => s === 429)).toEqual([]);
    expect(statuses[50]).toBe(429);
  });

  it('does not count other API routes against the forms budget', async () => {
    const ip = freshIp();
    for (let i = 0; i < 60; i++) {
      const res = await exports.default.fetch('http://localhost/api/health', { headers: { 'CF-Connecting-IP': ip } });
      expect(res.status).toBe(200);
      await res.body?.cancel();
    }
    const res = await post(ip);
    expect(res.status).not.toBe(429);
    await res.body?.cancel();
  });

  it('blocks with the real limiter when it works (the same wiring as above)', async () => {
    const app = new Hono<{ Bindings: Env }>();
    app.post('/x', rateLimit('chatbot'), (c) => c.text('handled'));
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await app.request('/x', { method: 'POST', headers: { 'CF-Connecting-IP': ip } }, env)).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('when the RateLimiter object cannot be reached', () => {
  // The real Worker with a RATE_LIMITER binding whose object fails, as an overloaded or restarting Durable
  // Object would: passed as the Worker's env by the test, so production has no switch for it.
  const unreachable = (vars: Partial<Env> = {}) => ({
    ...env,
    ...vars,
    RATE_LIMITER: { getByName: () => ({ hit: () => Promise.reject(new Error('Durable Object unreachable')) }) },
  }) as unknown as Env;
  const call = (e: Env, path: string, body: unknown) =>
    worker.fetch(new Request(`http://example.com${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': freshIp() },
      body: JSON.stringify(body),
    }), e, createExecutionContext());

  it('forms stay open (fail open): a submission is validated and accepted, and the failure is logged', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const invalid = await call(unreachable(), '/api/forms/contact', {});
      expect(invalid.status).toBe(422);
      await invalid.body?.cancel();
      const valid = await call(unreachable(), '/api/forms/contact', validSamples().contact);
      expect(valid.status).toBe(202);
      await valid.body?.cancel();
      expect(logLines(errors)).toContainEqual(expect.objectContaining({ event: 'rate_limiter.unavailable', limit: 'api', outcome: 'allowed (fail open)' }));
    } finally {
      errors.mockRestore();
    }
  });

  it('chat with Gemini fails closed: 503, Retry-After and the spec message, nothing sent to Gemini', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(env.GEMINI_API_KEY).toBeTruthy();
      const marker = `failclosed${crypto.randomUUID().slice(0, 8)}`;
      const res = await call(unreachable(), '/api/chat', { messages: [{ role: 'user', text: `What does a website cost? ${marker}` }] });
      expect(res.status).toBe(503);
      expect(res.headers.get('Retry-After')).toBe(String(LIMITER_UNAVAILABLE_RETRY_SECONDS));
      expect(res.headers.get('Cache-Control')).toBe('no-store');
      expect(await res.json()).toEqual({
        error: 'rate_limiter_unavailable',
        message: `Too many requests. Please try again in ${LIMITER_UNAVAILABLE_RETRY_SECONDS} seconds.`,
        retryAfter: LIMITER_UNAVAILABLE_RETRY_SECONDS,
      });
      expect(logLines(errors)).toContainEqual(expect.objectContaining({ event: 'rate_limiter.unavailable', limit: 'chatbot', outcome: 'refused (fail closed)' }));
      const recorded = await (await fetch(`${env.GEMINI_BASE_URL}/__requests?match=${marker}`)).json();
      expect(recorded).toEqual([]);
    } finally {
      errors.mockRestore();
    }
  });

  it('the local assistant (no Gemini key) stays open: it costs nothing', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await call(unreachable({ GEMINI_API_KEY: '' }), '/api/chat', { messages: [{ role: 'user', text: 'What services do you offer?' }] });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ source: 'local' });
    } finally {
      errors.mockRestore();
    }
  });

  it('completed chat flows (queued like forms) stay open', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await call(unreachable(), '/api/chat/lead', {});
      expect(res.status).toBe(422);
      await res.body?.cancel();
    } finally {
      errors.mockRestore();
    }
  });
});
