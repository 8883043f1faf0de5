import { webcrypto } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { start, type OutboxEmulator } from '../emulators/outbox/server.ts';
import { outbox } from '../kit/outbox.ts';

// The outbox stand-in (e-mail as the EMAIL binding takes it) and its push service (RFC 8030, RFC 8292).

let emulator: OutboxEmulator;
let box: ReturnType<typeof outbox>;
beforeAll(async () => {
  emulator = await start(0);
  box = outbox(emulator.url);
});
afterAll(() => emulator.close());
beforeEach(async () => {
  await box.clear();
  await box.clearPushes();
  await box.setMode({ mode: 'ok' });
});

const message = (over: Record<string, unknown> = {}) => ({
  from: { email: 'hello@voltalabs.dev', name: 'Volta Labs' },
  to: 'ama@example.com',
  subject: 'Re: Your shop',
  text: 'Hello Ama',
  replyTo: 'reply+abc@reply.voltalabs.dev',
  headers: { 'In-Reply-To': '<a@voltalabs.dev>', References: '<a@voltalabs.dev>' },
  ...over,
});
const send = (body: unknown) => fetch(`${emulator.url}/send`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('outbox stand-in: mail', () => {
  it('answers like the binding and lists what it was sent', async () => {
    const res = await send(message());
    expect(res.status).toBe(200);
    const { messageId } = (await res.json()) as { messageId: string };
    expect(messageId).toMatch(/^<[0-9a-f]{32}@voltalabs\.dev>$/);
    const [sent] = await box.list();
    expect(sent).toEqual({
      from: 'Volta Labs <hello@voltalabs.dev>', to: 'ama@example.com', replyTo: 'reply+abc@reply.voltalabs.dev', subject: 'Re: Your shop', text: 'Hello Ama',
      headers: { 'In-Reply-To': '<a@voltalabs.dev>', References: '<a@voltalabs.dev>' }, messageId, sentAt: expect.any(String),
    });
    expect(await box.list('someone@else.com')).toEqual([]);
  });

  it('refuses what the Email Service refuses: missing fields, its own headers, headers off its allow-list', async () => {
    for (const [body, code] of [
      [message({ to: undefined }), 'E_FIELD_MISSING'],
      [message({ text: undefined }), 'E_FIELD_MISSING'],
      [message({ headers: { 'Message-ID': '<x@y>' } }), 'E_HEADER_NOT_ALLOWED'],
      [message({ headers: { 'Reply-To': 'a@b.c' } }), 'E_HEADER_NOT_ALLOWED'],
      [message({ headers: { 'Delivered-To': 'a@b.c' } }), 'E_HEADER_NOT_ALLOWED'],
      [message({ headers: { 'X-Ref': 'a\r\nBcc: x@y.z' } }), 'E_HEADER_VALUE_INVALID'],
    ] as const) {
      const res = await send(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code });
    }
    expect(await box.list()).toEqual([]);
  });

  it('fails the next n sends to an address when told to, then recovers', async () => {
    await box.setMode({ mode: 'fail', to: 'ama@example.com', times: 1, code: 'E_RATE_LIMIT_EXCEEDED' });
    const other = await send(message({ to: 'kofi@example.com' }));
    expect(other.status).toBe(200);
    const failed = await send(message());
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ code: 'E_RATE_LIMIT_EXCEEDED', message: 'Outbox stand-in: told to fail.' });
    expect((await send(message())).status).toBe(200);
    expect((await box.list('ama@example.com'))).toHaveLength(1);
  });

  it('shows the messages and pushes newest first on an HTML page', async () => {
    await send(message({ subject: 'First <one>' }));
    await send(message({ subject: 'Second' }));
    const html = await (await fetch(emulator.url)).text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('First &#60;one&#62;');
    expect(html.indexOf('Second')).toBeLessThan(html.indexOf('First'));
    expect(html).toContain('Push messages (0)');
  });
});

// --- push --------------------------------------------------------------------------------------------------

const b64url = (bytes: ArrayBuffer | Uint8Array) => Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString('base64url');

async function vapidHeader(audience: string, over: { exp?: number; sign?: webcrypto.CryptoKey } = {}) {
  const pair = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  const k = b64url(await webcrypto.subtle.exportKey('raw', pair.publicKey));
  const head = b64url(Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'ES256' })));
  const body = b64url(Buffer.from(JSON.stringify({ aud: audience, exp: over.exp ?? Math.floor(Date.now() / 1000) + 3600, sub: 'mailto:hello@voltalabs.dev' })));
  const signature = await webcrypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, over.sign ?? pair.privateKey, Buffer.from(`${head}.${body}`));
  return `vapid t=${head}.${body}.${b64url(signature)}, k=${k}`;
}

const push = (id: string, headers: Record<string, string>, body: Uint8Array<ArrayBuffer> = new Uint8Array(100)) =>
  fetch(`${emulator.url}/push/${id}`, { method: 'POST', headers: { 'Content-Encoding': 'aes128gcm', 'Content-Type': 'application/octet-stream', ...headers }, body });

describe('outbox stand-in: push service', () => {
  const origin = () => new URL(emulator.url).origin;

  it('takes a VAPID-signed encrypted push with 201 and a Location, and records it as it came', async () => {
    const body = webcrypto.getRandomValues(new Uint8Array(120));
    const res = await push('sub-1', { Authorization: await vapidHeader(origin()), TTL: '60', Urgency: 'high', Topic: 'lead-42' }, body);
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toMatch(new RegExp(`^${origin()}/push/message/`));
    const [p] = await box.pushes();
    expect(p).toMatchObject({ subscriptionId: 'sub-1', status: 201, error: null, headers: { contentEncoding: 'aes128gcm', ttl: '60', urgency: 'high', topic: 'lead-42' }, vapid: { aud: origin(), sub: 'mailto:hello@voltalabs.dev' } });
    expect(Buffer.from(p!.body, 'base64')).toEqual(Buffer.from(body));
  });

  it('takes the https form of its origin as the audience: libraries sign for https push services only', async () => {
    const res = await push('sub-https', { Authorization: await vapidHeader(origin().replace(/^http:/, 'https:')), TTL: '60' }, new Uint8Array(40));
    expect(res.status).toBe(201);
  });

  it('refuses what RFC 8030 and RFC 8292 refuse', async () => {
    const auth = await vapidHeader(origin());
    const other = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
    const cases: [Promise<Response>, number][] = [
      [push('sub', { Authorization: auth }), 400], // no TTL
      [push('sub', { Authorization: auth, TTL: '60', Urgency: 'urgent' }), 400],
      [push('sub', { Authorization: auth, TTL: '60', Topic: 'a topic with spaces' }), 400],
      [push('sub', { TTL: '60' }), 401],
      [push('sub', { Authorization: 'WebPush abc', TTL: '60' }), 401],
      [push('sub', { Authorization: await vapidHeader('https://elsewhere.example'), TTL: '60' }), 403],
      [push('sub', { Authorization: await vapidHeader(origin(), { exp: Math.floor(Date.now() / 1000) - 10 }), TTL: '60' }), 403],
      [push('sub', { Authorization: await vapidHeader(origin(), { sign: other.privateKey }), TTL: '60' }), 403],
      [push('sub', { Authorization: auth, TTL: '60', 'Content-Encoding': 'aesgcm' }), 415],
      [push('sub', { Authorization: auth, TTL: '60' }, new Uint8Array(5000)), 413],
    ];
    for (const [res, status] of cases) expect((await res).status).toBe(status);
    expect((await box.pushes()).every((p) => p.status >= 400 && p.error)).toBe(true);
  });

  it('answers 410 for an expired subscription and 404 for an unknown one', async () => {
    const auth = await vapidHeader(origin());
    expect((await push('gone-abc', { Authorization: auth, TTL: '60' })).status).toBe(410);
    expect((await push('missing-abc', { Authorization: auth, TTL: '60' })).status).toBe(404);
    expect((await box.pushes()).map((p) => p.status)).toEqual([410, 404]);
  });
});
