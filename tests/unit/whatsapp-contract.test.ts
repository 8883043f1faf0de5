import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WhatsAppSettings } from '../../platform/config.ts';
import { downloadMedia, mediaInfo, sendWhatsAppMessage, WhatsAppRefused } from '../../platform/whatsapp.ts';
import { graphError, mediaUrl, sendAnswer, webhook } from '../contracts/whatsapp/shapes.ts';
import { start, type WhatsAppStandIn } from '../emulators/whatsapp/server.ts';
import { graphStandIn } from '../kit/whatsapp.ts';

// The WhatsApp stand-in held to the Cloud API's documented shapes (docs/decisions/0025, 0031): its answers
// and errors (tests/contracts/whatsapp/shapes.ts, typed by @whatsapp-cloudapi/types), read back by the
// product's own client (platform/whatsapp.ts); its webhooks, of every kind it sends, signed as Meta signs them
// (checked here with node:crypto, not the kit).

const settings: WhatsAppSettings = {
  token: 'contract-test-token-0123456789', appSecret: 'contract-test-app-secret-0123456789', phoneNumberId: '100200300400500',
  number: '233302000111', verifyToken: 'contract-verify', graphUrl: '', templates: [],
};
let standIn: WhatsAppStandIn;
let receiver: Server;
const bodies: { raw: string; signature: string | undefined }[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      bodies.push({ raw: Buffer.concat(chunks).toString('utf8'), signature: req.headers['x-hub-signature-256'] as string | undefined });
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  standIn = await start({
    port: 0, token: settings.token, phoneNumberId: settings.phoneNumberId, appSecret: settings.appSecret, number: settings.number,
    webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`, retryDelaysMs: [], statusDelaysMs: [5, 5, 5],
  });
  settings.graphUrl = `${standIn.url}/v24.0`;
});
afterAll(async () => {
  await standIn.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const call = async (path: string, init: RequestInit = {}, token = settings.token) => {
  const res = await fetch(`${settings.graphUrl}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers } });
  return { status: res.status, body: (await res.json()) as unknown };
};
const send = (body: unknown, token?: string) => call(`/${settings.phoneNumberId}/messages`, { method: 'POST', body: JSON.stringify(body) }, token);
const text = (to: string, body = 'Hello') => ({ messaging_product: 'whatsapp', recipient_type: 'individual', to, type: 'text', text: { body } });

describe('Graph API answers', () => {
  it('a send answers { messaging_product, contacts, messages: [{ id }] }, and the product reads its wamid', async () => {
    await graphStandIn(standIn.url).inbound('233241130001');
    const answer = await send(text('233241130001'));
    expect(answer.status).toBe(200);
    sendAnswer.parse(answer.body);
    const template = await send({ messaging_product: 'whatsapp', to: '233241130002', type: 'template', template: { name: 'lead_follow_up', language: { code: 'en' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ama' }] }] } });
    sendAnswer.parse(template.body);
    const { wamid } = await sendWhatsAppMessage(settings, text('233241130001') as never);
    expect(wamid).toMatch(/^wamid\./);
  });

  it('errors are { error: { message, type, code, error_data, fbtrace_id } } with Meta\'s codes, and the product reads the code', async () => {
    const cases: [unknown, string | undefined, number, number][] = [
      [text('233241139999'), undefined, 400, 131047],
      [text('233241130001'), 'not-the-token-0123456789', 401, 190],
      [text('not-a-number'), undefined, 400, 131030],
      [{ ...text('233241130001'), messaging_product: 'sms' }, undefined, 400, 100],
    ];
    for (const [body, token, httpStatus, code] of cases) {
      const answer = await send(body, token);
      expect(answer.status).toBe(httpStatus);
      expect(graphError.parse(answer.body).error.code).toBe(code);
      const refused = await sendWhatsAppMessage({ ...settings, token: token ?? settings.token }, body as never).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(WhatsAppRefused);
      expect((refused as WhatsAppRefused).code).toBe(code);
    }
    expect(graphError.parse((await call('/123', {}, 'wrong-token-0123456789')).body).error.code).toBe(190);
    const missing = await call('/999999');
    expect(graphError.parse(missing.body).error.code).toBe(100);
  });

  it('a media id answers { url, mime_type, sha256, file_size, id, messaging_product }, and the product downloads it', async () => {
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
    const id = await graphStandIn(standIn.url).media('image/jpeg', bytes);
    const answer = await call(`/${id}`);
    const media = mediaUrl.parse(answer.body);
    expect(media).toMatchObject({ id, mime_type: 'image/jpeg', file_size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
    const info = await mediaInfo(settings, id);
    expect(Buffer.from(await downloadMedia(settings, info, 1024))).toEqual(Buffer.from(bytes));
  });
});

describe('webhooks', () => {
  const verify = (raw: string, header: string | undefined) => {
    const expected = Buffer.from(`sha256=${createHmac('sha256', settings.appSecret).update(raw, 'utf8').digest('hex')}`);
    return header !== undefined && header.length === expected.length && timingSafeEqual(Buffer.from(header), expected);
  };

  it('every kind of customer message is a Meta webhook payload, signed with the app secret', async () => {
    const kit = graphStandIn(standIn.url);
    const kinds = [
      { text: 'Hello' }, { image: { sample: true, caption: 'Logo' } }, { document: { sample: true } }, { audio: { sample: true } }, { voice: { sample: true } },
      { button: { text: 'Yes', payload: 'yes' } }, { buttonReply: { id: 'b', title: 'Yes' } }, { listReply: { id: 'l', title: 'Web', description: 'A site' } },
    ];
    for (const kind of kinds) {
      const answer = await kit.send({ from: '233241130010', name: 'Ama', ...kind }, { deliver: false });
      expect(verify(answer.body!, answer.signature)).toBe(true);
      expect(verify(answer.body!.replace('Ama', 'Amma'), answer.signature)).toBe(false);
      const payload = webhook.parse(JSON.parse(answer.body!));
      expect(payload.entry[0]!.changes[0]!.value.messages).toHaveLength(1);
    }
  });

  it('statuses of a message the site sent are Meta webhook payloads, signed, and a failed one carries its error', async () => {
    const kit = graphStandIn(standIn.url);
    await kit.inbound('233241130020');
    bodies.length = 0;
    await sendWhatsAppMessage(settings, text('233241130020') as never);
    await kit.mode({ fail: 1 });
    await sendWhatsAppMessage(settings, text('233241130020') as never);
    const end = Date.now() + 3_000;
    while (bodies.length < 4 && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
    expect(bodies).toHaveLength(4);
    const statuses = bodies.map((b) => {
      expect(verify(b.raw, b.signature)).toBe(true);
      return webhook.parse(JSON.parse(b.raw)).entry[0]!.changes[0]!.value.statuses![0]!;
    });
    expect(statuses.map((s) => s.status).sort()).toEqual(['delivered', 'failed', 'read', 'sent']);
    expect(statuses.find((s) => s.status === 'failed')!.errors![0]).toMatchObject({ code: 131026, title: 'Message undeliverable' });
  });
});
