import { env, exports } from 'cloudflare:workers';
import { createExecutionContext } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import worker from '../../functions/index.ts';
import { customerMessage, messagesPayload, signature, signedDelivery } from '../kit/whatsapp.ts';
import { expectApiError } from '../kit/errors.ts';
import { appSecret, deliver, filed, newCustomer, sendMessages, WEBHOOK } from './whatsapp-helpers.ts';

// Meta's webhook through the real Worker (functions/whatsapp/webhook.ts): the subscription's verification,
// the signature over the raw body, the 503 of a site without WhatsApp, and payloads that are not Meta's.

const verify = (params: Record<string, string>) => exports.default.fetch(`${WEBHOOK}?${new URLSearchParams(params)}`);

describe('GET /api/whatsapp/webhook (verification)', () => {
  it('echoes the challenge for the configured verify token', async () => {
    const res = await verify({ 'hub.mode': 'subscribe', 'hub.verify_token': env.WHATSAPP_VERIFY_TOKEN!, 'hub.challenge': '1158201444' });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe('1158201444');
  });

  it('403 for a wrong token, another mode, or missing parameters', async () => {
    await expectApiError(await verify({ 'hub.mode': 'subscribe', 'hub.verify_token': 'guess', 'hub.challenge': '1' }), 403, 'verification_failed');
    await expectApiError(await verify({ 'hub.mode': 'unsubscribe', 'hub.verify_token': env.WHATSAPP_VERIFY_TOKEN!, 'hub.challenge': '1' }), 403, 'verification_failed');
    await expectApiError(await verify({ 'hub.mode': 'subscribe', 'hub.verify_token': env.WHATSAPP_VERIFY_TOKEN! }), 403, 'verification_failed');
    await expectApiError(await verify({}), 403, 'verification_failed');
  });
});

describe('POST /api/whatsapp/webhook (signature)', () => {
  const payload = () => messagesPayload(env.WHATSAPP_PHONE_NUMBER_ID!, env.WHATSAPP_NUMBER!, newCustomer(), [customerMessage(newCustomer(), { text: 'Hello' })]);

  it('takes a delivery signed with the app secret', async () => {
    const customer = newCustomer();
    const res = await sendMessages(customer, [customerMessage(customer, { text: 'Hello there' })]);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, messages: 1, statuses: 0 });
    await filed(customer.from, 1);
  });

  it('401 for a bad, missing or other secret’s signature, logged without the content', async () => {
    const warn = vi.spyOn(console, 'warn');
    const body = JSON.stringify(payload());
    const post = (headers: Record<string, string>) => exports.default.fetch(WEBHOOK, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    await expectApiError(await post({ 'x-hub-signature-256': signature('another-apps-secret', body) }), 401, 'invalid_signature');
    await expectApiError(await post({ 'x-hub-signature-256': 'sha256=00' }), 401, 'invalid_signature');
    await expectApiError(await post({ 'x-hub-signature-256': signature(appSecret, body).replace('sha256=', 'sha1=') }), 401, 'invalid_signature');
    await expectApiError(await post({}), 401, 'invalid_signature');
    // The signature of another body.
    await expectApiError(await post({ 'x-hub-signature-256': signature(appSecret, `${body} `) }), 401, 'invalid_signature');
    const lines = warn.mock.calls.map((c) => c.map(String).join(' ')).filter((l) => l.includes('whatsapp.signature_refused'));
    expect(lines.length).toBe(5);
    for (const line of lines) expect(line).not.toMatch(/Hello|23320/);
    warn.mockRestore();
  });

  it('400 for signed JSON that is not a WhatsApp payload, or not JSON', async () => {
    await expectApiError(await deliver({ object: 'page', entry: [] }), 400, 'invalid_payload');
    await expectApiError(await deliver({ object: 'whatsapp_business_account', entry: [{ id: '1', changes: [{ field: 'messages', value: { messages: [{ id: 'x' }] } }] }] }), 400, 'invalid_payload');
    const raw = 'not json';
    const res = await exports.default.fetch(WEBHOOK, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature(appSecret, raw) }, body: raw });
    await expectApiError(res, 400, 'invalid_json');
  });

  it('503 on both routes when WhatsApp is not configured', async () => {
    const run = (req: Request) => worker.fetch(req, { ...env, WHATSAPP_VERIFY_TOKEN: '' } as Env, createExecutionContext());
    await expectApiError(await run(new Request(`${WEBHOOK}?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1`)), 503, 'whatsapp_not_configured');
    await expectApiError(await run(new Request(WEBHOOK, signedDelivery(appSecret, payload()))), 503, 'whatsapp_not_configured');
  });
});
