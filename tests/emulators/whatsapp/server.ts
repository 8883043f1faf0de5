// The WhatsApp stand-in: the Graph API endpoints the Worker calls (platform/whatsapp.ts), following Meta's
// documented requests, answers and errors, and the customer's side: signed webhooks to the site, and a page to
// message the site as a customer. For `npm start` (port WHATSAPP_EMULATOR_PORT, default 8796; a note prints
// the page) and the tests. Nothing leaves the machine but the webhooks to the site; everything is in memory.
//
// The Graph API (what the site calls, with `Authorization: Bearer <WHATSAPP_TOKEN>`):
//   POST /:version/:phoneNumberId/messages   send (text, template): { messaging_product, contacts, messages:
//                          [{ id: "wamid…" }] }; errors as Meta's { error: { message, type, code, … } }:
//                          190 (401) a token other than the configured one (or any, in the expired mode),
//                          100 (400) an unreadable body, 131047 (400) free text to a customer whose last
//                          message is over 24 hours old (or who never wrote), 131030 (400) a recipient that
//                          is not a number. With a webhookUrl, each accepted message then gets signed status
//                          webhooks: sent, delivered, read (statusDelaysMs apart, default 300 ms), or failed
//   GET  /:version/:mediaId                   a media's metadata: { messaging_product, url, mime_type, sha256,
//                          file_size, id }
//   GET  /__media/:mediaId                    its bytes (the `url` above; the token required, as Meta's is)
// The customer's side and the controls (no token):
//   POST /__send           { "from": "<customer number>", "name"?, "id"?: wamid, "at"?: ISO time, and one of
//                          "text": "…" | "image" | "document" | "audio" | "voice": { "base64" or "sample": true,
//                          "mime_type"?, "filename"?, "caption"? } (voice: audio/ogg; codecs=opus, voice: true) |
//                          "button": { "text", "payload" } | "buttonReply": { "id", "title" } | "listReply":
//                          { "id", "title", "description"? } }: registers the media, opens the customer's
//                          24-hour window, builds Meta's webhook (tests/kit/whatsapp.ts), signs it with the
//                          app secret (X-Hub-Signature-256) and POSTs it to webhookUrl, retried on a non-2xx
//                          (retryDelaysMs, default 0.25, 1 and 3 s). Answers { wamid, delivered: the site's
//                          status (null: no answer), attempts }; 400 { error, message } for a bad message.
//                          ?deliver=0: posts nothing, answers { wamid, body, signature } (the test posts it)
//   GET  /__sent           what customers sent that way: [{ wamid, from, name, type, text, mediaId, mimeType,
//                          at, delivered, attempts }] (?from=); DELETE forgets them and the deliveries
//   GET  /__deliveries     every webhook delivered to the site: [{ kind: message | status, wamid, status?, url,
//                          answered, attempts, error?, at }]
//   POST /__media          { "mime_type", "base64", "filename"? } → { id }: a customer's media, to be named by a webhook
//   POST /__inbound        { "from", "at"? }: a customer wrote at `at` (default now): opens their 24-hour window
//   GET  /__received       every message the site sent: [{ id, to, type, text, template, body, status, at }]
//                          (?to=); status: accepted, then sent, delivered, read or failed. DELETE forgets them
//   POST /__mode           { "statuses"?: "on" | "off" (status webhooks after a send; default on),
//                          "fail"?: n (the next n sends are accepted, then get a `failed` status webhook with
//                          error "failCode", default 131026 Message undeliverable), "token"?: "valid" |
//                          "expired" (expired: every Graph call answers 190, subcode 463), "reset"?: true }
//                          → the mode; GET /__mode reads it
//   GET  /                 the page: message the site as a customer and see the conversation both ways
import { createHash, randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import { statusPayload } from '../../kit/whatsapp.ts';
import { readBody, serveOnLoopback, type StandInApp } from '../lib/http.ts';
import { buildDelivery, sendInput, type SentByCustomer } from './customer.ts';
import { standInPage } from './page.ts';
import { DEFAULT_RETRY_DELAYS_MS, deliver, type Delivery } from './webhook.ts';

export interface WhatsAppStandInOptions {
  port: number;
  /** The access token the Worker must present (WHATSAPP_TOKEN). */
  token: string;
  /** The business number's id (WHATSAPP_PHONE_NUMBER_ID). */
  phoneNumberId: string;
  /** The Meta app secret (WHATSAPP_APP_SECRET) that signs webhooks; without it /__send answers 409. */
  appSecret?: string;
  /** The business number (WHATSAPP_NUMBER): the webhooks' display_phone_number and the page's title. */
  number?: string;
  /** The site's webhook, e.g. http://localhost:8787/api/whatsapp/webhook; without it nothing is delivered. */
  webhookUrl?: string;
  /** Waits before the retries of a webhook the site did not take with a 2xx. */
  retryDelaysMs?: readonly number[];
  /** Waits before the sent, delivered and read statuses of a message the site sent. */
  statusDelaysMs?: readonly [number, number, number];
}

export type OutgoingStatus = 'accepted' | 'sent' | 'delivered' | 'read' | 'failed';

export interface ReceivedWhatsApp {
  /** The wamid the stand-in answered. */
  id: string;
  to: string;
  type: string;
  /** A text message's body; a template's name for a template. */
  text: string;
  template: { name: string; language: string; params: string[] } | null;
  /** The request body as the site sent it. */
  body: unknown;
  /** accepted (answered with its wamid), then what the status webhooks said. */
  status: OutgoingStatus;
  at: string;
}

export interface WhatsAppStandIn {
  name: string;
  /** Origin (no version): WHATSAPP_GRAPH_URL is `${url}/v24.0`. */
  url: string;
  close(): Promise<void>;
  /** Shared with the page and /__send (tests/emulators/whatsapp). */
  state: StandInState;
}

export interface StandInState {
  received: ReceivedWhatsApp[];
  media: Map<string, { mimeType: string; bytes: Buffer; filename: string | null }>;
  lastInbound: Map<string, number>;
  /** What customers sent through /__send. */
  sent: SentByCustomer[];
  /** Every webhook delivered to the site. */
  deliveries: Delivery[];
  mode: Mode;
}

export interface Mode {
  statuses: 'on' | 'off';
  /** How many of the next sends get a `failed` status. */
  fail: number;
  failCode: number;
  token: 'valid' | 'expired';
}
const DEFAULT_MODE: Mode = { statuses: 'on', fail: 0, failCode: 131026, token: 'valid' };
const modeInput = z.object({
  statuses: z.enum(['on', 'off']).optional(),
  fail: z.number().int().min(0).max(1000).optional(),
  failCode: z.number().int().positive().optional(),
  token: z.enum(['valid', 'expired']).optional(),
  reset: z.literal(true).optional(),
});

/** Titles of the failed-status errors (developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes). */
const FAILURE_TITLES: Record<number, string> = {
  131026: 'Message undeliverable',
  131047: 'Re-engagement message',
  131049: 'This message was not delivered to maintain healthy ecosystem engagement.',
  131000: 'Something went wrong',
};

const WINDOW_MS = 24 * 60 * 60 * 1000;

const graphError = (status: number, code: number, message: string, type = 'OAuthException', details?: string) =>
  Response.json({ error: { message, type, code, ...(details ? { error_data: { messaging_product: 'whatsapp', details } } : {}), fbtrace_id: randomBytes(8).toString('base64url') } }, { status });

const wamid = () => `wamid.${randomBytes(24).toString('base64url')}`;

/** The app of the stand-in's Graph API, mountable beside its page and webhook sender. */
export function graphApp(options: Omit<WhatsAppStandInOptions, 'port'>, state: StandInState, origin: () => string, onAccepted?: (message: ReceivedWhatsApp) => void): StandInApp {
  const app: StandInApp = new Hono();
  const authorised = (header: string | undefined) => state.mode.token === 'valid' && header === `Bearer ${options.token}`;
  const invalidToken = () => (state.mode.token === 'expired'
    ? Response.json({ error: { message: `Error validating access token: Session has expired on ${new Date(Date.now() - 3_600_000).toUTCString()}. The current time is ${new Date().toUTCString()}.`, type: 'OAuthException', code: 190, error_subcode: 463, fbtrace_id: randomBytes(8).toString('base64url') } }, { status: 401 })
    : graphError(401, 190, 'Invalid OAuth access token - Cannot parse access token'));

  app.post('/__media', async (c) => {
    const input = JSON.parse((await readBody(c.req.raw, 40 * 1024 * 1024)).toString('utf8')) as { mime_type?: string; base64?: string; filename?: string };
    if (!input.mime_type || typeof input.base64 !== 'string') return c.json({ error: 'mime_type and base64 are required' }, 400);
    return c.json({ id: registerMedia(state, input.mime_type, Buffer.from(input.base64, 'base64'), input.filename ?? null) });
  });
  app.post('/__inbound', async (c) => {
    const input = (await c.req.json().catch(() => ({}))) as { from?: string; at?: string };
    if (!input.from) return c.json({ error: 'from is required' }, 400);
    state.lastInbound.set(input.from, input.at ? Date.parse(input.at) : Date.now());
    return c.json({ from: input.from, windowClosesAt: new Date((state.lastInbound.get(input.from) ?? 0) + WINDOW_MS).toISOString() });
  });
  app.get('/__received', (c) => {
    const to = c.req.query('to');
    return c.json(to ? state.received.filter((r) => r.to === to) : state.received);
  });
  app.delete('/__received', (c) => {
    state.received.length = 0;
    return c.json({ ok: true });
  });
  app.get('/__media/:id', (c) => {
    if (!authorised(c.req.header('authorization'))) return invalidToken();
    const media = state.media.get(c.req.param('id'));
    if (!media) return graphError(404, 100, 'Unsupported get request.', 'GraphMethodException');
    return new Response(new Uint8Array(media.bytes), { headers: { 'content-type': media.mimeType, 'content-length': String(media.bytes.length) } });
  });

  app.post('/:version/:phoneNumberId/messages', async (c) => {
    if (!authorised(c.req.header('authorization'))) return invalidToken();
    if (c.req.param('phoneNumberId') !== options.phoneNumberId) {
      return graphError(400, 100, `Unsupported post request. Object with ID '${c.req.param('phoneNumberId')}' does not exist`, 'GraphMethodException');
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse((await readBody(c.req.raw)).toString('utf8')) as Record<string, unknown>;
    } catch {
      return graphError(400, 100, 'Invalid parameter', 'OAuthException', 'The request body is not JSON.');
    }
    const to = typeof body.to === 'string' ? body.to.replace(/^\+/, '') : '';
    if (body.messaging_product !== 'whatsapp') return graphError(400, 100, 'Invalid parameter', 'OAuthException', 'messaging_product must be "whatsapp"');
    if (!/^\d{7,15}$/.test(to)) return graphError(400, 131030, 'Recipient phone number not in allowed list', 'OAuthException', 'to must be a phone number');
    let text = '';
    let template: ReceivedWhatsApp['template'] = null;
    if (body.type === 'text') {
      const t = body.text as { body?: unknown } | undefined;
      if (typeof t?.body !== 'string' || !t.body || t.body.length > 4096) return graphError(400, 100, 'Invalid parameter', 'OAuthException', 'text.body must be 1 to 4096 characters');
      const last = state.lastInbound.get(to);
      if (last === undefined || Date.now() - last > WINDOW_MS) {
        return graphError(400, 131047, 'Re-engagement message', 'OAuthException', 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.');
      }
      text = t.body;
    } else if (body.type === 'template') {
      const t = body.template as { name?: unknown; language?: { code?: unknown }; components?: { type?: string; parameters?: { text?: unknown }[] }[] } | undefined;
      if (typeof t?.name !== 'string' || typeof t.language?.code !== 'string') return graphError(400, 100, 'Invalid parameter', 'OAuthException', 'template.name and template.language.code are required');
      const params = (t.components ?? []).filter((x) => x.type === 'body').flatMap((x) => x.parameters ?? []).map((p) => String(p.text ?? ''));
      template = { name: t.name, language: t.language.code, params };
      text = t.name;
    } else {
      return graphError(400, 100, 'Invalid parameter', 'OAuthException', `type ${String(body.type)} is not one the stand-in takes (text, template)`);
    }
    const id = wamid();
    const received: ReceivedWhatsApp = { id, to, type: String(body.type), text, template, body, status: 'accepted', at: new Date().toISOString() };
    state.received.push(received);
    onAccepted?.(received);
    return c.json({ messaging_product: 'whatsapp', contacts: [{ input: String(body.to), wa_id: to }], messages: [{ id }] });
  });

  app.get('/:version/:mediaId', (c) => {
    if (!authorised(c.req.header('authorization'))) return invalidToken();
    const id = c.req.param('mediaId');
    const media = state.media.get(id);
    if (!media) return graphError(400, 100, `Unsupported get request. Object with ID '${id}' does not exist`, 'GraphMethodException');
    return c.json({
      messaging_product: 'whatsapp', url: `${origin()}/__media/${id}`, mime_type: media.mimeType,
      sha256: createHash('sha256').update(media.bytes).digest('hex'), file_size: media.bytes.length, id,
    });
  });
  return app;
}

/** Keeps a customer's media; answers its media id (digits, like Meta's). */
export function registerMedia(state: StandInState, mimeType: string, bytes: Buffer, filename: string | null): string {
  const id = String(Date.now()) + randomBytes(4).readUInt32BE(0);
  state.media.set(id, { mimeType, bytes, filename });
  return id;
}

export const newState = (): StandInState => ({ received: [], media: new Map(), lastInbound: new Map(), sent: [], deliveries: [], mode: { ...DEFAULT_MODE } });

const sleep = (ms: number, signal: AbortSignal) => new Promise<void>((resolve) => {
  const timer = setTimeout(resolve, ms);
  signal.addEventListener('abort', () => {
    clearTimeout(timer);
    resolve();
  }, { once: true });
});

export async function start(options: WhatsAppStandInOptions): Promise<WhatsAppStandIn> {
  const state = newState();
  const closing = new AbortController();
  const retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const statusDelays = options.statusDelaysMs ?? [300, 300, 300];
  const displayNumber = options.number ?? '15550000000';
  let url = '';

  const post = async (kind: Delivery['kind'], wamid: string, body: string, status?: string): Promise<Delivery> => {
    const result = await deliver(options.webhookUrl!, options.appSecret!, body, retryDelays, closing.signal);
    const delivery: Delivery = { kind, wamid, ...(status ? { status } : {}), url: options.webhookUrl!, ...result, at: new Date().toISOString() };
    state.deliveries.push(delivery);
    return delivery;
  };

  // Meta's statuses of a message the site sent, in order, each after a short wait.
  const statusesFor = async (message: ReceivedWhatsApp) => {
    const failing = state.mode.fail > 0;
    if (failing) state.mode.fail -= 1;
    const code = state.mode.failCode;
    const steps: Exclude<OutgoingStatus, 'accepted'>[] = failing ? ['failed'] : state.mode.statuses === 'on' ? ['sent', 'delivered', 'read'] : [];
    for (const [i, step] of steps.entries()) {
      await sleep(statusDelays[i] ?? 300, closing.signal);
      if (closing.signal.aborted) return;
      message.status = step;
      if (!options.webhookUrl || !options.appSecret) continue;
      const error = step === 'failed' ? { code, title: FAILURE_TITLES[code] ?? 'Message failed to send' } : undefined;
      const payload = statusPayload(options.phoneNumberId, displayNumber, { id: message.id, recipient: message.to, status: step, ...(error ? { error } : {}) });
      await post('status', message.id, JSON.stringify(payload), step);
    }
  };

  const app: StandInApp = new Hono();
  app.get('/', (c) => c.html(standInPage({ number: displayNumber, webhookUrl: options.webhookUrl ?? null })));
  app.post('/__send', async (c) => {
    let raw: unknown;
    try {
      raw = JSON.parse((await readBody(c.req.raw, 40 * 1024 * 1024)).toString('utf8'));
    } catch {
      return c.json({ error: 'invalid_json', message: 'The body must be JSON (at most 40 MB).' }, 400);
    }
    const parsed = sendInput.safeParse(raw);
    if (!parsed.success) {
      return c.json({ error: 'invalid_message', message: parsed.error.issues.map((i) => `${i.path.join('.') || 'message'}: ${i.message}`).join('; ') }, 400);
    }
    const post0 = c.req.query('deliver') === '0';
    if (!options.appSecret) return c.json({ error: 'no_app_secret', message: 'The stand-in was started without the app secret, so it cannot sign a webhook.' }, 409);
    if (!post0 && !options.webhookUrl) return c.json({ error: 'no_webhook', message: 'The stand-in was started without the site\'s webhook URL: use ?deliver=0 and post the answer yourself.' }, 409);
    const built = buildDelivery(parsed.data, { phoneNumberId: options.phoneNumberId, displayNumber, appSecret: options.appSecret }, (mime, bytes, filename) => registerMedia(state, mime, bytes, filename));
    const { record } = built;
    state.lastInbound.set(record.from, Math.max(state.lastInbound.get(record.from) ?? 0, Date.parse(record.at)));
    state.sent.push(record);
    if (post0) return c.json({ wamid: record.wamid, body: built.body, signature: built.signature });
    const delivery = await post('message', record.wamid, built.body);
    record.delivered = delivery.answered;
    record.attempts = delivery.attempts;
    return c.json({ wamid: record.wamid, delivered: delivery.answered, attempts: delivery.attempts, ...(delivery.error ? { error: delivery.error } : {}) });
  });
  app.get('/__sent', (c) => {
    const from = c.req.query('from');
    return c.json(from ? state.sent.filter((s) => s.from === from) : state.sent);
  });
  app.delete('/__sent', (c) => {
    state.sent.length = 0;
    state.deliveries.length = 0;
    return c.json({ ok: true });
  });
  app.get('/__deliveries', (c) => c.json(state.deliveries));
  app.get('/__mode', (c) => c.json(state.mode));
  app.post('/__mode', async (c) => {
    const parsed = modeInput.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: 'invalid_mode', message: parsed.error.issues.map((i) => `${i.path.join('.') || 'mode'}: ${i.message}`).join('; ') }, 400);
    const { reset, ...changes } = parsed.data;
    state.mode = { ...(reset ? DEFAULT_MODE : state.mode), ...changes };
    return c.json(state.mode);
  });
  app.route('/', graphApp(options, state, () => url, (message) => void statusesFor(message)));

  const server = await serveOnLoopback(options.port, app);
  url = `http://localhost:${server.port}`;
  return {
    name: 'WhatsApp',
    url,
    close: async () => {
      closing.abort();
      await server.close();
    },
    state,
  };
}
