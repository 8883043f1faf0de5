import { createHash } from 'node:crypto';
import { z } from 'zod';
import { customerMessage, messagesPayload, newWamid, signature, type Customer } from '../../kit/whatsapp.ts';
import { SAMPLES, type Sample } from './samples.ts';

// A customer's message as POST /__send takes it (tests/emulators/whatsapp/server.ts), turned into the
// webhook Meta would deliver: its media registered with the stand-in, the kit's payload builders.

const media = z.object({
  base64: z.string().optional(),
  sample: z.literal(true).optional(),
  mime_type: z.string().min(1).optional(),
  filename: z.string().min(1).max(240).optional(),
  caption: z.string().max(1024).optional(),
}).refine((m) => m.base64 !== undefined || m.sample, { error: 'base64 or sample: true is required' });

const reply = z.object({ id: z.string().min(1).max(256), title: z.string().min(1).max(24) });

export const sendInput = z.object({
  from: z.string().regex(/^[1-9]\d{6,14}$/, { error: 'from must be a customer number: digits, international form, no "+"' }),
  name: z.string().min(1).max(120).optional(),
  /** The wamid to use (a test delivering the same message twice); default a new one. */
  id: z.string().regex(/^wamid\.[A-Za-z0-9_=+/-]{4,200}$/).optional(),
  /** When the customer wrote (ISO); default now. */
  at: z.iso.datetime({ offset: true }).optional(),
  text: z.string().min(1).max(4096).optional(),
  image: media.optional(),
  document: media.optional(),
  audio: media.optional(),
  voice: media.optional(),
  button: z.object({ text: z.string().min(1).max(256), payload: z.string().max(256) }).optional(),
  buttonReply: reply.optional(),
  listReply: reply.extend({ title: z.string().min(1).max(24), description: z.string().max(72).optional() }).optional(),
}).refine((m) => CONTENT_KEYS.filter((k) => m[k] !== undefined).length === 1, {
  error: `exactly one of ${['text', 'image', 'document', 'audio', 'voice', 'button', 'buttonReply', 'listReply'].join(', ')} is required`,
});
const CONTENT_KEYS = ['text', 'image', 'document', 'audio', 'voice', 'button', 'buttonReply', 'listReply'] as const;

export type SendInput = z.infer<typeof sendInput>;

/** What a customer sent through /__send, as GET /__sent lists it. */
export interface SentByCustomer {
  wamid: string;
  from: string;
  name: string;
  type: string;
  /** The text, caption, button or reply title, or the file's name: what the page shows. */
  text: string;
  mediaId: string | null;
  mimeType: string | null;
  at: string;
  /** The site's answer to the delivery (null: none, or not delivered yet). */
  delivered: number | null;
  attempts: number;
}

export interface BuiltDelivery {
  record: SentByCustomer;
  payload: ReturnType<typeof messagesPayload>;
  body: string;
  signature: string;
}

type RegisterMedia = (mimeType: string, bytes: Buffer, filename: string | null) => string;

const fileOf = (m: z.infer<typeof media>, sample: Sample, mimeType?: string) => (m.sample && m.base64 === undefined
  ? { mimeType: m.mime_type ?? sample.mimeType, bytes: sample.bytes, filename: m.filename ?? sample.filename }
  : { mimeType: m.mime_type ?? mimeType ?? 'application/octet-stream', bytes: Buffer.from(m.base64 ?? '', 'base64'), filename: m.filename ?? null });

/** The signed webhook for one customer message; media is registered through `register`. */
export function buildDelivery(input: SendInput, ids: { phoneNumberId: string; displayNumber: string; appSecret: string }, register: RegisterMedia): BuiltDelivery {
  const customer: Customer = { from: input.from, name: input.name ?? 'Customer' };
  const wamid = input.id ?? newWamid();
  const at = input.at ? new Date(input.at) : new Date();
  const timestamp = String(Math.floor(at.getTime() / 1000));
  let text = '';
  let mediaId: string | null = null;
  let mimeType: string | null = null;
  const keep = (file: { mimeType: string; bytes: Buffer; filename: string | null }) => {
    mediaId = register(file.mimeType, file.bytes, file.filename);
    mimeType = file.mimeType;
    return { id: mediaId, mime_type: file.mimeType, sha256: createHash('sha256').update(file.bytes).digest('hex') };
  };
  let message: ReturnType<typeof customerMessage>;
  if (input.text !== undefined) {
    text = input.text;
    message = customerMessage(customer, { text: input.text }, wamid, timestamp);
  } else if (input.image) {
    const file = fileOf(input.image, SAMPLES.image, 'image/jpeg');
    text = input.image.caption ?? file.filename ?? 'image';
    message = customerMessage(customer, { image: { ...keep(file), ...(input.image.caption ? { caption: input.image.caption } : {}) } }, wamid, timestamp);
  } else if (input.document) {
    const file = fileOf(input.document, SAMPLES.document, 'application/pdf');
    const filename = file.filename ?? 'document';
    text = input.document.caption ?? filename;
    message = customerMessage(customer, { document: { ...keep(file), filename, ...(input.document.caption ? { caption: input.document.caption } : {}) } }, wamid, timestamp);
  } else if (input.audio || input.voice) {
    const voice = input.voice !== undefined;
    const file = fileOf((input.voice ?? input.audio)!, SAMPLES.voice, voice ? SAMPLES.voice.mimeType : 'audio/mpeg');
    text = voice ? 'voice note' : (file.filename ?? 'audio');
    const { id, mime_type } = keep(voice ? { ...file, mimeType: SAMPLES.voice.mimeType } : file);
    message = customerMessage(customer, { audio: { id, mime_type, voice } }, wamid, timestamp);
  } else if (input.button) {
    text = input.button.text;
    message = customerMessage(customer, { button: input.button }, wamid, timestamp);
  } else if (input.buttonReply) {
    text = input.buttonReply.title;
    message = customerMessage(customer, { buttonReply: input.buttonReply }, wamid, timestamp);
  } else {
    const listReply = input.listReply!;
    text = listReply.title;
    message = customerMessage(customer, { listReply }, wamid, timestamp);
  }
  const payload = messagesPayload(ids.phoneNumberId, ids.displayNumber, customer, [message]);
  const body = JSON.stringify(payload);
  return {
    record: { wamid, from: input.from, name: customer.name ?? 'Customer', type: message.type, text, mediaId, mimeType, at: at.toISOString(), delivered: null, attempts: 0 },
    payload,
    body,
    signature: signature(ids.appSecret, body),
  };
}
