// The Cloud API's documented wire shapes, as zod schemas held to @whatsapp-cloudapi/types (each schema is
// declared as a z.ZodType of the package's type, so a field the package does not describe, or of another
// type, fails `tsc`), and strict (a field the description lacks fails at run time).
// tests/unit/whatsapp-contract.test.ts checks the stand-in's answers, errors and webhooks against them.
// Where Meta documents more than the package: the media URL's metadata (no type in the package;
// developers.facebook.com/docs/whatsapp/cloud-api/reference/media#retrieve-media-url), a voice note's
// `voice: true` and the `failed` status (webhooks/payload-examples); those are marked below.
import type { CloudAPIErrorResponse, CloudAPIResponse } from '@whatsapp-cloudapi/types/cloudapi';
import type { WebhookAudioMessage, WebhookButtonMessage, WebhookChange, WebhookDocumentMessage, WebhookEntry, WebhookImageMessage, WebhookInteractiveMessage, WebhookPayload, WebhookStatus, WebhookTextMessage, WebhookValue } from '@whatsapp-cloudapi/types/webhook';
import { z } from 'zod';

export const sendAnswer: z.ZodType<CloudAPIResponse> = z.strictObject({
  messaging_product: z.literal('whatsapp'),
  contacts: z.array(z.strictObject({ input: z.string(), wa_id: z.string().regex(/^\d+$/) })).length(1),
  messages: z.array(z.strictObject({ id: z.string().regex(/^wamid\./), message_status: z.enum(['accepted', 'held_for_quality_assessment', 'paused']).optional() })).length(1),
});

export const graphError: z.ZodType<CloudAPIErrorResponse> = z.strictObject({
  error: z.strictObject({
    message: z.string().min(1),
    type: z.string().min(1),
    code: z.number().int(),
    error_subcode: z.number().int().optional(),
    is_transient: z.boolean().optional(),
    error_user_title: z.string().optional(),
    error_user_msg: z.string().optional(),
    fbtrace_id: z.string().min(1),
    error_data: z.strictObject({ messaging_product: z.string(), details: z.string(), blame_field: z.string().optional(), blame_field_spec: z.string().optional() }).optional(),
  }),
});

/** GET /{media-id} (Meta's reference; not in the package). */
export const mediaUrl = z.strictObject({
  messaging_product: z.literal('whatsapp'),
  url: z.url(),
  mime_type: z.string().min(1),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  file_size: z.number().int().nonnegative(),
  id: z.string().min(1),
});

const base = { id: z.string().regex(/^wamid\./), from: z.string().regex(/^\d+$/), timestamp: z.string().regex(/^\d+$/) };
const text: z.ZodType<WebhookTextMessage> = z.strictObject({ ...base, type: z.literal('text'), text: z.strictObject({ body: z.string() }) });
const image: z.ZodType<WebhookImageMessage> = z.strictObject({ ...base, type: z.literal('image'), image: z.strictObject({ id: z.string(), mime_type: z.string(), sha256: z.string(), caption: z.string().optional() }) });
const document: z.ZodType<WebhookDocumentMessage> = z.strictObject({ ...base, type: z.literal('document'), document: z.strictObject({ id: z.string(), mime_type: z.string(), filename: z.string(), caption: z.string().optional(), sha256: z.string().optional() }) });
// `voice` (a recorded voice note) and `sha256` are Meta's, not the package's.
const audio: z.ZodType<WebhookAudioMessage & { audio: { voice?: boolean; sha256?: string } }> = z.strictObject({ ...base, type: z.literal('audio'), audio: z.strictObject({ id: z.string(), mime_type: z.string(), sha256: z.string().optional(), voice: z.boolean().optional() }) });
const button: z.ZodType<WebhookButtonMessage> = z.strictObject({ ...base, type: z.literal('button'), button: z.strictObject({ payload: z.string(), text: z.string() }) });
const interactive: z.ZodType<WebhookInteractiveMessage> = z.strictObject({
  ...base,
  type: z.literal('interactive'),
  interactive: z.union([
    z.strictObject({ type: z.literal('button_reply'), button_reply: z.strictObject({ id: z.string(), title: z.string() }) }),
    z.strictObject({ type: z.literal('list_reply'), list_reply: z.strictObject({ id: z.string(), title: z.string(), description: z.string() }) }),
  ]),
});
export const customerMessage = z.union([text, image, document, audio, button, interactive]);

// `failed` is Meta's (webhooks/payload-examples#status--message-failed), not the package's.
type MetaStatus = Omit<WebhookStatus, 'status'> & { status: WebhookStatus['status'] | 'failed' };
/** WebhookPayload whose statuses may also be `failed`. */
type MetaPayload = Omit<WebhookPayload, 'entry'> & {
  entry: (Omit<WebhookEntry, 'changes'> & { changes: (Omit<WebhookChange, 'value'> & { value: Omit<WebhookValue, 'statuses'> & { statuses?: MetaStatus[] } })[] })[];
};
export const status: z.ZodType<MetaStatus> = z.strictObject({
  id: z.string().regex(/^wamid\./),
  recipient_id: z.string().regex(/^\d+$/),
  status: z.enum(['sent', 'delivered', 'read', 'failed']),
  timestamp: z.string().regex(/^\d+$/),
  errors: z.array(z.strictObject({ code: z.number().int(), title: z.string(), message: z.string(), error_data: z.strictObject({ details: z.string() }).optional() })).optional(),
});

/** A webhook delivery: one entry, one change, carrying customer messages or statuses. */
export const webhook: z.ZodType<MetaPayload> = z.strictObject({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(z.strictObject({
    id: z.string().regex(/^\d+$/),
    changes: z.array(z.strictObject({
      field: z.literal('messages'),
      value: z.strictObject({
        messaging_product: z.literal('whatsapp'),
        metadata: z.strictObject({ display_phone_number: z.string().regex(/^\d+$/), phone_number_id: z.string().regex(/^\d+$/) }),
        contacts: z.array(z.strictObject({ wa_id: z.string(), profile: z.strictObject({ name: z.string() }) })).optional(),
        messages: z.array(customerMessage).optional(),
        statuses: z.array(status).optional(),
      }),
    })).length(1),
  })).length(1),
});
