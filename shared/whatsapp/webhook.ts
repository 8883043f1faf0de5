import type { WebhookPayload } from '@whatsapp-cloudapi/types/webhook';
import { z } from 'zod';
import { JOB_ID_PATTERN } from '../submission.ts';
import type { WaMediaRef, WaTurnKind } from './inbound.ts';

// Meta's webhook deliveries (docs/decisions/0031), read at the edge: the payload's schema (the shape of
// @whatsapp-cloudapi/types/webhook, with unknown message types kept as `unsupported`), and what the webhook
// route turns it into: one `wa-in` job per message and one `wa-status` job per status, under ids fixed by
// Meta's message id, so Meta's retries make one delivery. No I/O.

const text = z.string().max(65_536);
const mediaSchema = z.object({ id: z.string().min(1).max(256), mime_type: z.string().max(256), sha256: z.string().max(256).optional(), caption: text.optional(), filename: z.string().max(1024).optional(), voice: z.boolean().optional() });

const messageSchema = z.object({
  id: z.string().min(1).max(512),
  from: z.string().min(1).max(32),
  timestamp: z.string().regex(/^\d{1,12}$/),
  // Any type: the ones we do not read are `unsupported`, never a refusal (Meta adds types).
  type: z.string().max(64),
  text: z.object({ body: text }).optional(),
  button: z.object({ payload: z.string().max(4096).optional(), text: z.string().max(4096) }).optional(),
  interactive: z.object({
    type: z.string().max(64),
    button_reply: z.object({ id: z.string().max(4096), title: z.string().max(4096) }).optional(),
    list_reply: z.object({ id: z.string().max(4096), title: z.string().max(4096), description: z.string().max(4096).optional() }).optional(),
  }).optional(),
  image: mediaSchema.optional(),
  document: mediaSchema.optional(),
  audio: mediaSchema.optional(),
});

const errorSchema = z.object({ code: z.number(), title: z.string().max(1024).optional(), message: z.string().max(4096).optional() });

const statusSchema = z.object({
  id: z.string().min(1).max(512),
  recipient_id: z.string().max(32).optional(),
  // Meta's documented ones; others (e.g. `deleted`) are read and ignored.
  status: z.string().max(64),
  timestamp: z.string().regex(/^\d{1,12}$/),
  errors: z.array(errorSchema).max(20).optional(),
});

export const webhookPayloadSchema = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(z.object({
    id: z.string(),
    changes: z.array(z.object({
      field: z.string(),
      value: z.object({
        messaging_product: z.literal('whatsapp').optional(),
        metadata: z.object({ display_phone_number: z.string(), phone_number_id: z.string() }).optional(),
        contacts: z.array(z.object({ wa_id: z.string().max(32), profile: z.object({ name: z.string().max(256) }).optional() })).max(100).optional(),
        messages: z.array(messageSchema).max(100).optional(),
        statuses: z.array(statusSchema).max(100).optional(),
      }),
    })).max(100),
  })).max(100),
});
export type WebhookDelivery = z.infer<typeof webhookPayloadSchema>;
export type WebhookInMessage = z.infer<typeof messageSchema>;

/** Meta's documented payload is one this schema reads (a compile-time check against the package's types). */
export const documentedPayload = (p: WebhookPayload): z.input<typeof webhookPayloadSchema> => p;

/** A wamid as a job id's tail: as it is when the job id pattern allows it, else its hash (done by the caller). */
export const jobIdSafe = (part: string): boolean => JOB_ID_PATTERN.test(`x:${part}`) && part.length <= 120;

// --- wa-in ------------------------------------------------------------------------------------------

/** One customer message as the `wa-in` job carries it. */
export interface WaInMessage {
  wamid: string;
  waId: string;
  profileName: string | null;
  /** ISO 8601, from Meta's timestamp. */
  at: string;
  kind: WaTurnKind;
  /** The text, a button's or list row's title, or a caption. */
  text: string;
  /** A button's or list row's id. */
  payload: string | null;
  media: WaMediaRef | null;
}

const isoOf = (unixSeconds: string) => new Date(Number(unixSeconds) * 1000).toISOString();

const mediaRef = (m: z.infer<typeof mediaSchema>, voice = false): WaMediaRef => ({
  id: m.id, mimeType: m.mime_type, sha256: m.sha256 ?? null, filename: m.filename ?? null, caption: m.caption ?? null, voice,
});

/** What one message says, by its type; anything we do not read is `unsupported` (kept, with no words). */
export function readMessage(m: WebhookInMessage, profileName: string | null): WaInMessage {
  const base = { wamid: m.id, waId: m.from, profileName, at: isoOf(m.timestamp), payload: null, media: null };
  if (m.type === 'text' && m.text) return { ...base, kind: 'text', text: m.text.body };
  if (m.type === 'button' && m.button) return { ...base, kind: 'button', text: m.button.text, payload: m.button.payload ?? null };
  const reply = m.type === 'interactive' ? (m.interactive?.button_reply ?? m.interactive?.list_reply) : undefined;
  if (reply) return { ...base, kind: m.interactive?.list_reply ? 'list' : 'button', text: reply.title, payload: reply.id };
  if (m.type === 'image' && m.image) return { ...base, kind: 'image', text: m.image.caption ?? '', media: mediaRef(m.image) };
  if (m.type === 'document' && m.document) return { ...base, kind: 'document', text: m.document.caption ?? '', media: mediaRef(m.document) };
  if (m.type === 'audio' && m.audio) return { ...base, kind: 'audio', text: '', media: mediaRef(m.audio, m.audio.voice ?? false) };
  return { ...base, kind: 'unsupported', text: '' };
}

const waInFieldsSchema = z.object({
  wamid: z.string().min(1), waId: z.string().min(1), profileName: z.string(), at: z.iso.datetime(),
  kind: z.enum(['text', 'button', 'list', 'image', 'document', 'audio', 'unsupported']), text: z.string(), payload: z.string(), media: z.string(),
});
const mediaRefSchema = z.object({ id: z.string(), mimeType: z.string(), sha256: z.string().nullable(), filename: z.string().nullable(), caption: z.string().nullable(), voice: z.boolean() });

export const waInFields = (m: WaInMessage): Record<string, string> => ({
  wamid: m.wamid, waId: m.waId, profileName: m.profileName ?? '', at: m.at, kind: m.kind, text: m.text, payload: m.payload ?? '', media: m.media ? JSON.stringify(m.media) : '',
});

export function parseWaInFields(fields: Record<string, string>): WaInMessage | null {
  const f = waInFieldsSchema.safeParse(fields);
  if (!f.success) return null;
  let media: WaMediaRef | null = null;
  if (f.data.media) {
    const parsed = mediaRefSchema.safeParse((() => { try { return JSON.parse(f.data.media); } catch { return null; } })());
    if (!parsed.success) return null;
    media = parsed.data;
  }
  return { ...f.data, profileName: f.data.profileName || null, payload: f.data.payload || null, media };
}

// --- wa-status --------------------------------------------------------------------------------------

/** The states Meta reports that move a message of ours on. */
export const WA_STATUSES = ['sent', 'delivered', 'read', 'failed'] as const;
export type WaStatus = (typeof WA_STATUSES)[number];
const isWaStatus = (v: string): v is WaStatus => (WA_STATUSES as readonly string[]).includes(v);

export interface WaStatusUpdate {
  wamid: string;
  status: WaStatus;
  at: string;
  /** Meta's error on a failed message: "title (code)". */
  error: string | null;
}

const waStatusFieldsSchema = z.object({ wamid: z.string().min(1), status: z.enum(WA_STATUSES), at: z.iso.datetime(), error: z.string() });
export const waStatusFields = (s: WaStatusUpdate): Record<string, string> => ({ wamid: s.wamid, status: s.status, at: s.at, error: s.error ?? '' });
export function parseWaStatusFields(fields: Record<string, string>): WaStatusUpdate | null {
  const f = waStatusFieldsSchema.safeParse(fields);
  return f.success ? { ...f.data, error: f.data.error || null } : null;
}

// --- the delivery as jobs ---------------------------------------------------------------------------

export interface WebhookJobs {
  messages: WaInMessage[];
  statuses: WaStatusUpdate[];
}

/** Every message and every status we read in a delivery (statuses Meta may add later are left out). */
export function webhookJobs(payload: WebhookDelivery): WebhookJobs {
  const jobs: WebhookJobs = { messages: [], statuses: [] };
  for (const entry of payload.entry) {
    for (const change of entry.changes) {
      if (change.field !== 'messages') continue;
      const names = new Map((change.value.contacts ?? []).map((c) => [c.wa_id, c.profile?.name ?? null]));
      for (const m of change.value.messages ?? []) jobs.messages.push(readMessage(m, names.get(m.from) ?? null));
      for (const s of change.value.statuses ?? []) {
        if (!isWaStatus(s.status)) continue;
        const e = s.errors?.[0];
        jobs.statuses.push({ wamid: s.id, status: s.status, at: isoOf(s.timestamp), error: e ? `${e.title ?? e.message ?? 'Error'} (${e.code})` : null });
      }
    }
  }
  return jobs;
}

/** How far each state is: a status only ever moves a message forward (a late `sent` never undoes `read`). */
const RANK = { queued: 0, sent: 1, delivered: 2, read: 3, failed: 4 } as const;
const rankOf = (state: string | null): number => (state && Object.hasOwn(RANK, state) ? RANK[state as keyof typeof RANK] : 0);

/**
 * The state a message moves to on a status, or null when it stays. Failed ends a message that was not yet
 * delivered; once delivered or read, a later failure report changes nothing the customer saw.
 */
export function nextDeliveryState(current: string | null, status: WaStatus): WaStatus | null {
  const now = rankOf(current);
  if (current === 'failed') return null;
  if (status === 'failed') return now >= RANK.delivered ? null : 'failed';
  return RANK[status] > now ? status : null;
}
