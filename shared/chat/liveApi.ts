import { z } from 'zod';
import { isEmailAddress } from '../email.ts';
import { chatMessages } from './messages.ts';
import { conversationFields, languageField } from './api.ts';
import { MAX_LIVE_TEXT } from './live.ts';

// The live hand-off's input schemas (shared/chat/live.ts has the rest), for the Worker and the room.
// The widget and the admin area import only its types, so zod stays out of their chunks.

const contactText = (max: number) => z.string().trim().max(max, { error: `must be at most ${max} characters` }).default('');

/**
 * POST /api/chat/live: the visitor asks for a person, in the conversation the server gave them, with its
 * key (none before the first message). The contact details are what the lead flow collected (local storage), or
 * the e-mail the widget asked for when nobody was available.
 */
export const liveRequestSchema = z.object({
  ...conversationFields,
  /** The page's language: a conversation this request starts keeps it, for the room's words (docs/decisions/0032). */
  ...languageField,
  name: contactText(100),
  email: z.string().trim().max(254, { error: 'email must be at most 254 characters' })
    .refine((v) => v === '' || isEmailAddress(v), { error: chatMessages.invalidEmail }).default(''),
  phone: contactText(30),
  company: contactText(100),
});
export type LiveRequest = z.input<typeof liveRequestSchema>;

/** What either side sends over the socket. */
export const liveClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), text: z.string().trim().min(1).max(MAX_LIVE_TEXT) }),
  z.object({ type: z.literal('typing'), typing: z.boolean() }),
  z.object({ type: z.literal('end') }),
]);

export type LiveClientMessage = z.infer<typeof liveClientMessageSchema>;
