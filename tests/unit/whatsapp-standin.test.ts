import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { start, type WhatsAppStandIn } from '../emulators/whatsapp/server.ts';
import { graphStandIn } from '../kit/whatsapp.ts';

// The WhatsApp stand-in's customer side (tests/emulators/whatsapp): POST /__send delivers Meta's webhook,
// signed with the app secret, to the site (here a small receiver that checks the signature with node:crypto,
// not the kit), retried on a non-2xx; messages the site sends get sent, delivered and read statuses; the
// modes make them fail or the token expire.

const TOKEN = 'standin-test-token-0123456789';
const SECRET = 'standin-test-app-secret-0123456789';
const PHONE_ID = '100200300400500';

// biome-ignore lint/suspicious/noExplicitAny: a delivered webhook, read loosely here; whatsapp-contract.test.ts holds its shape
type Loose = any;
interface Hit { body: string; signatureValid: boolean; payload: Loose }
let hits: Hit[] = [];
let answers: number[] = [];
let receiver: Server;
let standIn: WhatsAppStandIn;
let kit: ReturnType<typeof graphStandIn>;

const validSignature = (body: string, header: string | undefined) => {
  const expected = Buffer.from(`sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
};

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      hits.push({ body, signatureValid: validSignature(body, req.headers['x-hub-signature-256'] as string | undefined), payload: JSON.parse(body) });
      res.statusCode = answers.shift() ?? 200;
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/whatsapp/webhook`;
  standIn = await start({ port: 0, token: TOKEN, phoneNumberId: PHONE_ID, appSecret: SECRET, number: '233302000111', webhookUrl, retryDelaysMs: [10, 20, 30], statusDelaysMs: [10, 10, 10] });
  kit = graphStandIn(standIn.url);
});
afterAll(async () => {
  await standIn.close();
  await new Promise((resolve) => receiver.close(resolve));
});
afterEach(async () => {
  hits = [];
  answers = [];
  await kit.mode({ reset: true });
});

const graphSend = (to: string, text: string, token = TOKEN) => fetch(`${standIn.url}/v24.0/${PHONE_ID}/messages`, {
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  body: JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', to, type: 'text', text: { body: text } }),
});
const messageOf = (hit: Hit) => hit.payload.entry[0].changes[0].value.messages[0];
const until = async (check: () => boolean, ms = 3_000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
};

describe('POST /__send', () => {
  // Only the customer's messages here: no status webhooks for what the tests send through the Graph API.
  beforeEach(() => kit.mode({ statuses: 'off' }));

  it('delivers a text as a signed webhook and opens the customer\'s 24-hour window', async () => {
    expect((await (await graphSend('233241110001', 'Before')).json()).error.code).toBe(131047);
    const answer = await kit.send({ from: '233241110001', name: 'Ama Mensah', text: 'Hello, I need a website' });
    expect(answer).toMatchObject({ status: 200, delivered: 200, attempts: 1 });
    expect(hits).toHaveLength(1);
    expect(hits[0]!.signatureValid).toBe(true);
    const value = hits[0]!.payload.entry[0].changes[0].value;
    expect(value.metadata).toEqual({ display_phone_number: '233302000111', phone_number_id: PHONE_ID });
    expect(value.contacts).toEqual([{ profile: { name: 'Ama Mensah' }, wa_id: '233241110001' }]);
    expect(value.messages[0]).toMatchObject({ id: answer.wamid, from: '233241110001', type: 'text', text: { body: 'Hello, I need a website' } });
    expect((await graphSend('233241110001', 'Now')).status).toBe(200);
    const sent = await (await fetch(`${standIn.url}/__sent?from=233241110001`)).json();
    expect(sent).toMatchObject([{ wamid: answer.wamid, type: 'text', text: 'Hello, I need a website', delivered: 200, attempts: 1 }]);
  });

  it('retries like Meta while the site answers a non-2xx, and reports the attempts', async () => {
    answers = [500, 503];
    expect(await kit.send({ from: '233241110002', text: 'Retry me' })).toMatchObject({ delivered: 200, attempts: 3 });
    expect(hits.map((h) => messageOf(h).text.body)).toEqual(['Retry me', 'Retry me', 'Retry me']);
    hits = [];
    answers = [401, 401, 401, 401];
    expect(await kit.send({ from: '233241110002', text: 'Refused' })).toMatchObject({ delivered: 401, attempts: 4 });
    const deliveries = await (await fetch(`${standIn.url}/__deliveries`)).json();
    expect(deliveries.at(-1)).toMatchObject({ kind: 'message', answered: 401, attempts: 4 });
  });

  it('registers a sample image, voice note and document as media the Graph API serves', async () => {
    const image = await kit.send({ from: '233241110003', image: { sample: true, caption: 'My logo' } });
    const voice = await kit.send({ from: '233241110003', voice: { sample: true } });
    const document = await kit.send({ from: '233241110003', document: { base64: Buffer.from('%PDF-1.4 brief').toString('base64'), mime_type: 'application/pdf', filename: 'brief.pdf' } });
    expect([image, voice, document].map((a) => a.delivered)).toEqual([200, 200, 200]);
    const [img, audio, doc] = hits.map(messageOf);
    expect(img).toMatchObject({ id: image.wamid, type: 'image', image: { mime_type: 'image/png', caption: 'My logo' } });
    expect(audio).toMatchObject({ type: 'audio', audio: { mime_type: 'audio/ogg; codecs=opus', voice: true } });
    expect(doc).toMatchObject({ type: 'document', document: { mime_type: 'application/pdf', filename: 'brief.pdf' } });
    const auth = { authorization: `Bearer ${TOKEN}` };
    for (const [media, magic] of [[img.image, '89504e47'], [audio.audio, '4f676753'], [doc.document, '25504446']] as const) {
      const info = await (await fetch(`${standIn.url}/v24.0/${media.id}`, { headers: auth })).json();
      expect(info.mime_type).toBe(media.mime_type);
      const bytes = Buffer.from(await (await fetch(info.url, { headers: auth })).arrayBuffer());
      expect(bytes.subarray(0, 4).toString('hex')).toBe(magic);
      expect(bytes.length).toBe(info.file_size);
    }
  });

  it('sends button, interactive button and list replies', async () => {
    await kit.send({ from: '233241110004', button: { text: 'Talk to a person', payload: 'human' } });
    await kit.send({ from: '233241110004', buttonReply: { id: 'b1', title: 'Yes please' } });
    await kit.send({ from: '233241110004', listReply: { id: 'web', title: 'Website', description: 'A new site' } });
    expect(hits.map(messageOf)).toMatchObject([
      { type: 'button', button: { text: 'Talk to a person', payload: 'human' } },
      { type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: 'b1', title: 'Yes please' } } },
      { type: 'interactive', interactive: { type: 'list_reply', list_reply: { id: 'web', title: 'Website', description: 'A new site' } } },
    ]);
  });

  it('answers the signed delivery without posting it with ?deliver=0', async () => {
    const answer = await kit.send({ from: '233241110005', text: 'Post it yourself', id: 'wamid.TEST-duplicate-1' }, { deliver: false });
    expect(answer.wamid).toBe('wamid.TEST-duplicate-1');
    expect(validSignature(answer.body!, answer.signature)).toBe(true);
    expect(JSON.parse(answer.body!).entry[0].changes[0].value.messages[0].text.body).toBe('Post it yourself');
    expect(hits).toEqual([]);
  });

  it('refuses a message without exactly one content, or from something that is not a number', async () => {
    for (const bad of [{ from: '233241110006' }, { from: '233241110006', text: 'a', button: { text: 'b', payload: 'c' } }, { from: '+233 24', text: 'a' }, { from: '233241110006', image: { caption: 'no file' } }]) {
      const answer = await kit.send(bad as never);
      expect(answer.status).toBe(400);
      expect(answer.error).toBe('invalid_message');
    }
    const notJson = await fetch(`${standIn.url}/__send`, { method: 'POST', body: '{' });
    expect(notJson.status).toBe(400);
    expect(hits).toEqual([]);
  });
});

describe('statuses and modes', () => {
  it('reports sent, delivered and read for a message the site sent, in order', async () => {
    await kit.inbound('233241120001');
    const { messages } = await (await graphSend('233241120001', 'Thanks, we will call you')).json();
    await until(() => hits.length === 3);
    const statuses = hits.map((h) => h.payload.entry[0].changes[0].value.statuses[0]);
    expect(statuses.map((s) => [s.id, s.status, s.recipient_id])).toEqual(['sent', 'delivered', 'read'].map((s) => [messages[0].id, s, '233241120001']));
    expect(hits.every((h) => h.signatureValid)).toBe(true);
    expect((await kit.received('233241120001'))[0]!.status).toBe('read');
  });

  it('sends no statuses when they are off, and a failed one for the next send when told', async () => {
    await kit.inbound('233241120002');
    await kit.mode({ statuses: 'off' });
    await graphSend('233241120002', 'Quiet');
    await new Promise((r) => setTimeout(r, 100));
    expect(hits).toEqual([]);
    await kit.mode({ statuses: 'on', fail: 1, failCode: 131049 });
    const { messages } = await (await graphSend('233241120002', 'Will fail')).json();
    await until(() => hits.length === 1);
    await new Promise((r) => setTimeout(r, 50));
    expect(hits).toHaveLength(1);
    expect(hits[0]!.payload.entry[0].changes[0].value.statuses[0]).toMatchObject({ id: messages[0].id, status: 'failed', errors: [{ code: 131049 }] });
    await graphSend('233241120002', 'Fine again');
    await until(() => hits.length === 4);
    expect(hits.slice(1).map((h) => h.payload.entry[0].changes[0].value.statuses[0].status)).toEqual(['sent', 'delivered', 'read']);
  });

  it('answers error 190 to every Graph call while the token counts as expired', async () => {
    await kit.inbound('233241120003');
    const media = await kit.media('image/png', new Uint8Array([1, 2, 3]));
    await kit.mode({ token: 'expired' });
    const send = await graphSend('233241120003', 'Hello');
    expect(send.status).toBe(401);
    expect((await send.json()).error).toMatchObject({ code: 190, error_subcode: 463, type: 'OAuthException' });
    const info = await fetch(`${standIn.url}/v24.0/${media}`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect((await info.json()).error.code).toBe(190);
    expect((await fetch(`${standIn.url}/__media/${media}`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(401);
    await kit.mode({ token: 'valid' });
    expect((await graphSend('233241120003', 'Hello again')).status).toBe(200);
  });
});

describe('the page', () => {
  it('is served at / with labelled controls for each kind of message', async () => {
    const html = await (await fetch(`${standIn.url}/`)).text();
    for (const label of ['Customer number', 'Customer name', 'Send text', 'Send image', 'Send voice note', 'Send button reply']) expect(html).toContain(label);
    expect(html).not.toMatch(/<(script|link)[^>]+(src|href)="https?:/);
  });
});
