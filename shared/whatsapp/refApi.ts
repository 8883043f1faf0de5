import { z } from 'zod';
import { conversationFields } from '../chat/api.ts';

// POST /api/whatsapp/ref (functions/whatsapp/ref.ts): a wa.me link carrying a fresh short reference
// (shared/whatsapp/reference.ts), which the server maps to the visitor's current chat when the request names
// it with its key (docs/decisions/0021, 0031). Shared by the Worker and the SPA (web/whatsapp/).

/** The chat to carry over, if any: its id and the key this browser was given. */
export const waRefRequestSchema = z.object({ ...conversationFields });
export type WaRefRequest = z.infer<typeof waRefRequestSchema>;

/** The link to open: `https://wa.me/<number>?text=<first message with "(Ref: CODE)">`. */
export interface WaRefResponse {
  url: string;
}

export const waRefMessages = {
  unavailable: 'WhatsApp is not available on this site right now. Please use the contact form or e-mail us instead.',
  busy: 'We could not prepare the WhatsApp link just now. Please try again in a moment.',
} as const;
