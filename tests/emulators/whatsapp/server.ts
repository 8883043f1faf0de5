// The WhatsApp stand-in: the Graph API endpoints the Worker calls (platform/whatsapp.ts), following Meta's
// documented requests, answers and errors, for `npm start` (port WHATSAPP_EMULATOR_PORT, default 8796) and the
// tests. Nothing leaves the machine; everything is kept in memory.
//
//   POST /:version/:phoneNumberId/messages   send (text, template): { messaging_product, contacts, messages:
//                          [{ id: "wamid…" }] }; errors as Meta's { error: { message, type, code, … } }:
//                          190 (401) a token other than the configured one, 100 (400) an unreadable body,
//                          131047 (400) free text to a customer whose last message is over 24 hours old (or
//                          who never wrote), 131030 (400) a recipient that is not a number
//   GET  /:version/:mediaId                   a media's metadata: { url, mime_type, sha256, file_size, id }
//   GET  /__media/:mediaId                    its bytes (the `url` above; the token required, as Meta's is)
//   POST /__media          { "mime_type", "base64", "filename"? } → { id }: a customer's media, to be named by a webhook
//   POST /__inbound        { "from", "at"? }: a customer wrote at `at` (default now): opens their 24-hour window
//   GET  /__received       every message the site sent: [{ id, to, type, text, template, body, at }] (?to=)
//   DELETE /__received     forget them
import { createHash, randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { readBody, serveOnLoopback, type StandInApp } from '../lib/http.ts';

export interface WhatsAppStandInOptions {
  port: number;
  /** The access token the Worker must present (WHATSAPP_TOKEN). */
  token: string;
  /** The business number's id (WHATSAPP_PHONE_NUMBER_ID). */
  phoneNumberId: string;
}

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
}

const WINDOW_MS = 24 * 60 * 60 * 1000;

const graphError = (status: number, code: number, message: string, type = 'OAuthException', details?: string) =>
  Response.json({ error: { message, type, code, ...(details ? { error_data: { messaging_product: 'whatsapp', details } } : {}), fbtrace_id: randomBytes(8).toString('base64url') } }, { status });

const wamid = () => `wamid.${randomBytes(24).toString('base64url')}`;

/** The app of the stand-in's Graph API, mountable beside its page and webhook sender. */
export function graphApp(options: Omit<WhatsAppStandInOptions, 'port'>, state: StandInState, origin: () => string): StandInApp {
  const app: StandInApp = new Hono();
  const authorised = (header: string | undefined) => header === `Bearer ${options.token}`;
  const invalidToken = () => graphError(401, 190, 'Invalid OAuth access token - Cannot parse access token');

  app.post('/__media', async (c) => {
    const input = JSON.parse((await readBody(c.req.raw, 40 * 1024 * 1024)).toString('utf8')) as { mime_type?: string; base64?: string; filename?: string };
    if (!input.mime_type || typeof input.base64 !== 'string') return c.json({ error: 'mime_type and base64 are required' }, 400);
    const id = String(Date.now()) + randomBytes(4).readUInt32BE(0);
    state.media.set(id, { mimeType: input.mime_type, bytes: Buffer.from(input.base64, 'base64'), filename: input.filename ?? null });
    return c.json({ id });
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
    state.received.push({ id, to, type: String(body.type), text, template, body, at: new Date().toISOString() });
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

export const newState = (): StandInState => ({ received: [], media: new Map(), lastInbound: new Map() });

export async function start(options: WhatsAppStandInOptions): Promise<WhatsAppStandIn> {
  const state = newState();
  let url = '';
  const server = await serveOnLoopback(options.port, graphApp(options, state, () => url));
  url = `http://localhost:${server.port}`;
  return { name: 'WhatsApp', url, close: server.close, state };
}
