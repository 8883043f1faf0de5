// A customer's WhatsApp message once the webhook's job has placed it on a lead (docs/decisions/0031): what the
// inbound job (functions/whatsapp/inbound.ts) hands to the media keeper and the assistant. No I/O.

/** Who answers the customer now (inquiries.waHandler): the assistant; nobody yet (a person was asked for); a person. */
export const WA_HANDLERS = ['assistant', 'waiting', 'staff'] as const;
export type WaHandler = (typeof WA_HANDLERS)[number];
export const isWaHandler = (v: unknown): v is WaHandler => typeof v === 'string' && (WA_HANDLERS as readonly string[]).includes(v);

/** The message types the product reads; anything else (a sticker, a location…) is `unsupported`. */
export const WA_TURN_KINDS = ['text', 'button', 'list', 'image', 'document', 'audio', 'unsupported'] as const;
export type WaTurnKind = (typeof WA_TURN_KINDS)[number];

/** One media item of a message, as the webhook names it (the bytes are fetched with the media API). */
export interface WaMediaRef {
  id: string;
  mimeType: string;
  sha256: string | null;
  filename: string | null;
  caption: string | null;
  /** A voice note (recorded in WhatsApp), not an audio file. */
  voice: boolean;
}

export interface InboundTurn {
  leadId: string;
  /** The customer's WhatsApp id (digits). */
  waId: string;
  /** Their WhatsApp profile name, when the webhook gave one. */
  profileName: string | null;
  /** The Conversation object that holds the WhatsApp transcript (its reference, docs/decisions/0021). */
  conversationRef: string;
  /** Meta's message id: every step of the inbound job is fixed by it, so a retry repeats none. */
  wamid: string;
  /** When the customer sent it (the webhook's timestamp), ISO 8601. */
  at: string;
  kind: WaTurnKind;
  /** What the customer said: the text, a button's or list row's title, a caption, or a voice note's transcript. */
  text: string;
  /** A button's or list row's id. */
  payload: string | null;
  /** The lead's `wa_in` activity for this message. */
  activityId: string;
  /** True when this message started the lead. */
  isNewLead: boolean;
  /** Who answers the customer now. */
  handler: WaHandler;
}
