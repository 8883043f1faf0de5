import { z } from 'zod';
import type { ClientMessage } from './protocol.ts';

// The browser's messages to the voice relay (shared/voice/protocol.ts), as the relay checks them. Kept apart
// from protocol.ts so that the browser's voice code does not load zod.

/** Longest typed turn. */
export const MAX_VOICE_TEXT = 2000;

export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('audio'), data: z.base64({ error: 'must be base64 PCM' }).min(4, { error: 'must be base64 PCM' }) }),
  z.object({ type: z.literal('text'), text: z.string().trim().min(1).max(MAX_VOICE_TEXT, { error: `must be 1 to ${MAX_VOICE_TEXT} characters` }) }),
  z.object({ type: z.literal('stop') }),
]) satisfies z.ZodType<ClientMessage, unknown>;
