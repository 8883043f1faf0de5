import { z } from 'zod';

// What the Worker (functions/voice.ts) decides for one voice session and hands to its VoiceRelay object
// (durable/VoiceRelay.ts) with the upgrade request, so the relay needs neither the Worker's configuration
// nor anything the browser sent: the Live endpoint and key, the setup's model, voice and assistant name,
// the session limit, and the visitor's RateLimiter that holds the session's slot.

/** The request header that carries them (set by the Worker, overwriting anything a client sent). */
export const VOICE_SESSION_HEADER = 'X-Voice-Session';

export const voiceSessionSchema = z.object({
  liveUrl: z.url({ protocol: /^wss?$/ }),
  liveKey: z.string().min(1),
  model: z.string().min(1),
  voice: z.string().min(1),
  assistantName: z.string().min(1),
  /** The longest the session may last, in seconds. */
  limitSeconds: z.number().int().min(1),
  /** The visitor's RateLimiter object and the session's slot in it. */
  limiterName: z.string().min(1),
  sessionId: z.string().min(1),
});
export type VoiceSessionParams = z.infer<typeof voiceSessionSchema>;
