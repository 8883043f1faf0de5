// Rate limits per visitor fingerprint (docs/product.md §9, docs/architecture.md §3). The Worker's
// RateLimiter Durable Object enforces them; the SPA uses the names and the messages in shared/messages.ts.

export type LimitName = 'chatbot' | 'voice' | 'api' | 'staff' | 'ack' | 'ackAddress' | 'whatsapp';

export interface RateLimitRule {
  /** Requests allowed within one window; request max + 1 starts the block. */
  max: number;
  windowSeconds: number;
  /** Seconds the caller is blocked after exceeding max; DEFAULT_BLOCK_SECONDS when absent. */
  blockSeconds?: number;
}

/** Block applied by a limit that does not name its own. */
export const DEFAULT_BLOCK_SECONDS = 60;

/** Expired entries are cleaned this often, while any exist. */
export const CLEANUP_INTERVAL_SECONDS = 60;

/**
 * Retry-After given when a costly limit (chat with Gemini, voice) fails closed because the RateLimiter
 * object cannot be reached (functions/rateLimit.ts).
 */
export const LIMITER_UNAVAILABLE_RETRY_SECONDS = 30;

export const rateLimits: Readonly<Record<LimitName, RateLimitRule>> = {
  chatbot: { max: 20, windowSeconds: 60, blockSeconds: 30 },
  voice: { max: 10, windowSeconds: 60 * 60, blockSeconds: 5 * 60 },
  api: { max: 50, windowSeconds: 60, blockSeconds: DEFAULT_BLOCK_SECONDS },
  /**
   * The admin area's API (/api/admin/*). An inbox open all day reloads its list on every realtime event,
   * and a team behind one office address shares a fingerprint, so the visitors' 50 a minute would lock
   * staff out. Still a limit per address, counted before the JWT is checked: a caller without a valid
   * session gets 401 and can make at most this many Appwrite look-ups a minute. 600 since every admin page
   * also asks who is waiting for a person (every 15 s, and on each live chat's change: docs/decisions/0030):
   * ten staff behind one address with three pages open each stay well within it.
   */
  staff: { max: 600, windowSeconds: 60, blockSeconds: DEFAULT_BLOCK_SECONDS },
  /**
   * Acknowledgement e-mails (docs/decisions/0029) a visitor's requests may set off: spent by the request that
   * submitted. Over it, the request is still taken; only the acknowledgement is left out.
   */
  ack: { max: 3, windowSeconds: 60 * 60, blockSeconds: 60 * 60 },
  /**
   * Acknowledgements to one address: one a day. Counted in a RateLimiter named by a keyed HMAC of the address
   * (functions/promise/ack.ts), not by the visitor's fingerprint, so no client can buy a fresh one.
   */
  ackAddress: { max: 1, windowSeconds: 24 * 60 * 60, blockSeconds: 60 * 60 },
  /**
   * The assistant's answers on WhatsApp (docs/decisions/0031): the web chat's budget, counted per customer
   * number (in a RateLimiter named by a hash of it: the number comes from Meta's signed webhook, so no client
   * can pick it), and blocked a minute once over.
   */
  whatsapp: { max: 20, windowSeconds: 60, blockSeconds: 60 },
};

// --- Voice session caps (docs/decisions/0010) --------------------------------------------------------
// Besides the voice rate limit above: how many sessions one visitor may have open at once (the RateLimiter
// object counts them), and what one session may send (the VoiceRelay enforces it).

/** Voice sessions one visitor (fingerprint) may have open at the same time. */
export const MAX_CONCURRENT_VOICE_SESSIONS = 2;
/**
 * A session's slot is held at most this long past the session limit (and the connect timeout), so that a
 * relay that crashed or was evicted without releasing it never holds it forever.
 */
export const VOICE_SLOT_GRACE_SECONDS = 60;
/** Typed turns within one voice session: at most this many in any minute (a sliding window). */
export const VOICE_TEXT_TURNS = { max: 20, windowSeconds: 60 } as const;
/**
 * Audio is limited to real time: the audio a session has received (16 kHz, counted by samples) may run at
 * most this far ahead of the time since its first chunk. A microphone sends in real time (12 chunks of
 * 250 ms of network bunching are allowed); a client sending faster is closed within a few seconds.
 */
export const VOICE_AUDIO_AHEAD_MS = 3000;

/** What the RateLimiter says when a voice session asks to start. */
export type VoiceStartResult =
  | { allowed: true; open: number }
  /** 'rate-limited': the voice rate limit; 'concurrent': MAX_CONCURRENT_VOICE_SESSIONS already open. */
  | { allowed: false; reason: 'rate-limited' | 'concurrent'; open: number; retryAfterSeconds: number };

export const isLimitName = (v: unknown): v is LimitName => typeof v === 'string' && Object.hasOwn(rateLimits, v);

/** What one counted request learns from the limiter. */
export interface RateLimitResult {
  allowed: boolean;
  /** Requests counted in the current window, this one included. */
  count: number;
  /** The limit's maximum per window. */
  limit: number;
  /** Whole seconds until the caller may try again; 0 when allowed. */
  retryAfterSeconds: number;
}
