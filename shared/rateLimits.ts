// Rate limits per visitor fingerprint (spec.md section 9, ARCHITECTURE.md decision 3). The Worker's
// RateLimiter Durable Object enforces them; the SPA uses the names and the messages in shared/messages.ts.

export type LimitName = 'chatbot' | 'voice' | 'api';

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
};

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
