import { createHmac } from 'node:crypto';
import type { WebhookMessage, WebhookPayload, WebhookStatus } from '@whatsapp-cloudapi/types/webhook';

// WhatsApp in the tests and the stand-in (tests/emulators/whatsapp): webhook deliveries shaped like Meta's
// (developers.facebook.com/docs/whatsapp/cloud-api/webhooks/payload-examples), signed like Meta signs them
// (X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body under the app secret>), and what the site sent
// through the Graph API stand-in.

export const BUSINESS_ACCOUNT_ID = '102290129340398';

let counter = 0;
/** A wamid like Meta's, unique in the run. */
export const newWamid = () => `wamid.HBgL${Date.now().toString(36)}${(++counter).toString(36)}${Math.random().toString(36).slice(2, 10)}`;
const unixNow = () => String(Math.floor(Date.now() / 1000));

export interface Customer {
  /** wa_id: digits, international form. */
  from: string;
  /** Their WhatsApp profile name. */
  name?: string;
}

type Content =
  | { text: string }
  | { button: { payload: string; text: string } }
  | { buttonReply: { id: string; title: string } }
  | { listReply: { id: string; title: string; description?: string } }
  | { image: { id: string; mime_type: string; sha256?: string; caption?: string } }
  | { document: { id: string; mime_type: string; filename: string; sha256?: string; caption?: string } }
  | { audio: { id: string; mime_type: string; voice?: boolean } };

/** One message of a customer, as the webhook's `messages[]` carries it. */
export function customerMessage(customer: Customer, content: Content, id = newWamid(), timestamp = unixNow()): WebhookMessage {
  const base = { id, from: customer.from, timestamp };
  if ('text' in content) return { ...base, type: 'text', text: { body: content.text } } as WebhookMessage;
  if ('button' in content) return { ...base, type: 'button', button: content.button } as WebhookMessage;
  if ('buttonReply' in content) return { ...base, type: 'interactive', interactive: { type: 'button_reply', button_reply: content.buttonReply } } as WebhookMessage;
  if ('listReply' in content) return { ...base, type: 'interactive', interactive: { type: 'list_reply', list_reply: content.listReply } } as WebhookMessage;
  if ('image' in content) return { ...base, type: 'image', image: content.image } as unknown as WebhookMessage;
  if ('document' in content) return { ...base, type: 'document', document: content.document } as unknown as WebhookMessage;
  return { ...base, type: 'audio', audio: content.audio } as unknown as WebhookMessage;
}

/** A webhook delivery of messages from one customer to our number. */
export function messagesPayload(phoneNumberId: string, displayNumber: string, customer: Customer, messages: WebhookMessage[]): WebhookPayload {
  return {
    object: 'whatsapp_business_account',
    entry: [{
      id: BUSINESS_ACCOUNT_ID,
      changes: [{
        field: 'messages',
        value: {
          messaging_product: 'whatsapp',
          metadata: { display_phone_number: displayNumber, phone_number_id: phoneNumberId },
          contacts: [{ profile: { name: customer.name ?? 'Customer' }, wa_id: customer.from }],
          messages,
        },
      }],
    }],
  };
}

/** A webhook delivery of a status of one of our messages (sent, delivered, read, failed). */
export function statusPayload(phoneNumberId: string, displayNumber: string, status: { id: string; recipient: string; status: 'sent' | 'delivered' | 'read' | 'failed'; error?: { code: number; title: string } }): WebhookPayload {
  const s = {
    id: status.id, status: status.status, timestamp: unixNow(), recipient_id: status.recipient,
    ...(status.error ? { errors: [{ code: status.error.code, title: status.error.title, message: status.error.title, error_data: { details: status.error.title } }] } : {}),
  } as unknown as WebhookStatus;
  return {
    object: 'whatsapp_business_account',
    entry: [{ id: BUSINESS_ACCOUNT_ID, changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: displayNumber, phone_number_id: phoneNumberId }, statuses: [s] } }] }],
  };
}

/** The X-Hub-Signature-256 header of a raw body. */
export const signature = (appSecret: string, rawBody: string) => `sha256=${createHmac('sha256', appSecret).update(rawBody, 'utf8').digest('hex')}`;

/** A signed delivery, ready for fetch(url, init). */
export function signedDelivery(appSecret: string, payload: unknown): { method: 'POST'; headers: Record<string, string>; body: string } {
  const body = JSON.stringify(payload);
  return { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature(appSecret, body) }, body };
}

/** What the site sent through the Graph API stand-in (`GET /__received`). */
export function graphStandIn(origin: string) {
  return {
    async received(to?: string): Promise<{ id: string; to: string; type: string; text: string; template: { name: string; language: string; params: string[] } | null; status: string; at: string }[]> {
      const res = await fetch(`${origin}/__received${to ? `?to=${encodeURIComponent(to)}` : ''}`);
      return res.json() as never;
    },
    /** Registers a customer's media; returns its media id. */
    async media(mimeType: string, bytes: Uint8Array, filename?: string): Promise<string> {
      const res = await fetch(`${origin}/__media`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mime_type: mimeType, base64: Buffer.from(bytes).toString('base64'), filename }) });
      return ((await res.json()) as { id: string }).id;
    },
    /** Tells the stand-in the customer wrote at `at` (opens their 24-hour window there). */
    async inbound(from: string, at?: string): Promise<void> {
      await fetch(`${origin}/__inbound`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ from, at }) });
    },
    /**
     * A customer's message, as POST /__send takes it ({ from, name?, text } or image, document, audio, voice,
     * button, buttonReply, listReply): delivered signed to the site's webhook, or with `deliver: false`
     * answered as { wamid, body, signature } for the test to post.
     */
    async send(message: Record<string, unknown> & { from: string }, options: { deliver?: boolean } = {}): Promise<{ status: number; wamid?: string; delivered?: number | null; attempts?: number; body?: string; signature?: string; error?: string; message?: string }> {
      const res = await fetch(`${origin}/__send${options.deliver === false ? '?deliver=0' : ''}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(message) });
      return { status: res.status, ...((await res.json()) as object) };
    },
    /** Sets the stand-in's mode (POST /__mode): statuses on/off, the next n sends failing, an expired token, reset. */
    async mode(change: { statuses?: 'on' | 'off'; fail?: number; failCode?: number; token?: 'valid' | 'expired'; reset?: true }): Promise<void> {
      const res = await fetch(`${origin}/__mode`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(change) });
      if (!res.ok) throw new Error(`POST /__mode answered ${res.status}: ${await res.text()}`);
    },
  };
}
