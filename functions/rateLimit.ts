import type { MiddlewareHandler } from 'hono';
import { errorText, type Logger } from '../shared/log.ts';
import { tooManyRequestsIn } from '../shared/i18n/common.ts';
import { addCatalog } from '../shared/i18n/catalogs.ts';
import { messages as frenchCommon } from '../shared/i18n/common/fr.ts';
import { LANGUAGE_HEADER, languageOf } from '../shared/forms/language.ts';
import { LIMITER_UNAVAILABLE_RETRY_SECONDS, type LimitName, type RateLimitResult, type VoiceStartResult } from '../shared/rateLimits.ts';
import { appConfig } from '../platform/config.ts';
import type { AppEnv } from './env.ts';
import { apiError } from './errors.ts';
import { sha256Hex } from '../shared/hex.ts';

export type { LimitName } from '../shared/rateLimits.ts';

// The rate-limit messages' French (shared/i18n/common/fr.po), for pages that say X-Language: fr.
addCatalog('fr', frenchCommon);

// --- The visitor fingerprint (docs/architecture.md §3, docs/decisions/0010) -----------------------
// The RateLimiter object is named by a SHA-256 of the connecting address (CF-Connecting-IP, which
// Cloudflare's edge overwrites; IPv6 by its /64) and of nothing else: nothing a client sends may buy a
// fresh budget, so X-Forwarded-For, X-Real-IP and the User-Agent are never read. Why, and the local
// exceptions: docs/decisions/0010.

/** The client address as the rate limiter counts it: IPv4 as is, IPv6 by its /64 prefix. */
export function clientAddress(headers: Headers): string {
  const ip = (headers.get('CF-Connecting-IP') ?? '').trim().toLowerCase();
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/** The name of the caller's RateLimiter object: hex SHA-256 of the client address (and nothing else). */
export async function fingerprint(request: Request): Promise<string> {
  return sha256Hex(clientAddress(request.headers));
}

// --- When the limiter cannot be reached (docs/decisions/0010) -----------------------------------------
// The costly endpoints fail closed: a chat message that would go to Gemini and a voice session (Gemini
// Live) are refused with the spec's message and a Retry-After of LIMITER_UNAVAILABLE_RETRY_SECONDS, since
// an unmetered flood of them costs real money. Everything else fails open: a form post or a completed
// chat flow is never refused for our own fault (it is still validated, queued and deduplicated, and the
// queue protects delivery), and the local assistant (no Gemini key) answers from the site's own content
// at no cost beyond a few milliseconds of CPU. Either way the failure is logged.

/** True when a request counted against `limit` must be refused while the limiter cannot be reached. */
export function failsClosed(limit: LimitName, env: Env): boolean {
  // Voice costs money; an acknowledgement is mail to an address a stranger typed (docs/decisions/0029).
  if (limit === 'voice' || limit === 'ack' || limit === 'ackAddress') return true;
  if (limit !== 'chatbot') return false;
  try {
    return Boolean(appConfig(env).GEMINI_API_KEY);
  } catch {
    // An invalid configuration fails the request elsewhere; here the cautious answer is "costly".
    return true;
  }
}

export type LimitCheck =
  | { allowed: true }
  /** Over the limit, or (for a costly limit) the limiter could not be reached. */
  | { allowed: false; reason: 'limited' | 'unavailable'; retryAfterSeconds: number };

/** Counts the request against the caller's `limit` and says whether it may proceed. Never throws. */
export async function checkLimit(env: Env, request: Request, limit: LimitName, log: Logger): Promise<LimitCheck> {
  let result: RateLimitResult;
  try {
    result = await env.RATE_LIMITER.getByName(await fingerprint(request)).hit(limit);
  } catch (err) {
    if (failsClosed(limit, env)) {
      log.error('rate_limiter.unavailable', { limit, outcome: 'refused (fail closed)', error: errorText(err) });
      return { allowed: false, reason: 'unavailable', retryAfterSeconds: LIMITER_UNAVAILABLE_RETRY_SECONDS };
    }
    log.error('rate_limiter.unavailable', { limit, outcome: 'allowed (fail open)', error: errorText(err) });
    return { allowed: true };
  }
  return result.allowed ? { allowed: true } : { allowed: false, reason: 'limited', retryAfterSeconds: result.retryAfterSeconds };
}

/**
 * A voice session asks the caller's RateLimiter for one of their MAX_CONCURRENT_VOICE_SESSIONS slots and
 * counts against the voice limit; fails closed when the object cannot be reached. Never throws.
 */
export async function startVoiceSession(env: Env, limiterName: string, id: string, holdSeconds: number, log: Logger): Promise<VoiceStartResult> {
  try {
    return await env.RATE_LIMITER.getByName(limiterName).startVoiceSession(id, holdSeconds);
  } catch (err) {
    log.error('rate_limiter.unavailable', { limit: 'voice', outcome: 'refused (fail closed)', error: errorText(err) });
    return { allowed: false, reason: 'rate-limited', open: 0, retryAfterSeconds: LIMITER_UNAVAILABLE_RETRY_SECONDS };
  }
}

// --- The middleware ---------------------------------------------------------------------------------

/**
 * Asks the caller's RateLimiter object before the route runs: 429 with Retry-After when over the limit,
 * 503 with Retry-After (and the same message) when a costly limit's object cannot be reached.
 */
export function rateLimit(limit: LimitName): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const check = await checkLimit(c.env, c.req.raw, limit, c.var.log);
    if (!check.allowed) {
      const seconds = check.retryAfterSeconds;
      const headers = { 'Retry-After': String(seconds), 'Cache-Control': 'no-store' };
      // Worded in the page's language (X-Language, which every API call of the site sends); it buys nothing else.
      const message = tooManyRequestsIn(languageOf(c.req.header(LANGUAGE_HEADER)), seconds);
      return check.reason === 'limited'
        ? apiError(c, 429, 'rate_limited', message, { retryAfter: seconds }, headers)
        : apiError(c, 503, 'rate_limiter_unavailable', message, { retryAfter: seconds }, headers);
    }
    await next();
  };
}
