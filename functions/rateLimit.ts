import type { MiddlewareHandler } from 'hono';
import type { ApiError } from '../shared/api.ts';
import { messages } from '../shared/messages.ts';
import type { LimitName } from '../shared/rateLimits.ts';

export type { LimitName } from '../shared/rateLimits.ts';

// --- The visitor fingerprint (ARCHITECTURE.md decision 3, docs/decisions/0010) -----------------------
// The RateLimiter object is named by a SHA-256 of the connecting address and of nothing else: nothing a
// client sends (no header, not the User-Agent, no cookie, nothing in the body) may buy a fresh budget.
// - The address is CF-Connecting-IP, which Cloudflare's edge sets on every request and overwrites when a
//   client sends its own. X-Forwarded-For and X-Real-IP are never read: on Cloudflare they are whatever
//   the client wrote, so each value would be a new budget.
// - IPv6 addresses count per /64 (what one subscriber gets, and can rotate freely); IPv4-mapped IPv6
//   addresses count as their IPv4 address.
// - Without CF-Connecting-IP (only possible off Cloudflare) every caller shares one budget, "unknown".
//   Locally, wrangler dev (Miniflare) sets CF-Connecting-IP from the socket's peer address unless the
//   client sent one; such a local server is not exposed, and the Worker tests rely on it to give each
//   test its own visitor.
// An earlier version added a browser and OS family from the User-Agent: about 64 budgets per address.

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
  const key = clientAddress(request.headers);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

// --- The middleware ---------------------------------------------------------------------------------

/** Asks the caller's RateLimiter object before the route runs; 429 with Retry-After when blocked. */
export function rateLimit(limit: LimitName): MiddlewareHandler<{ Bindings: Env }> {
  return async (c, next) => {
    let result;
    try {
      const name = await fingerprint(c.req.raw);
      result = await c.env.RATE_LIMITER.getByName(name).hit(limit);
    } catch (err) {
      // Fail open: the limiter protects against floods, it is not an authorisation check. If its
      // object cannot be reached (an overloaded or restarting Durable Object, a storage error),
      // refusing every visitor's form or chat would turn a rare infrastructure hiccup into an outage of
      // the whole API, while letting a few requests through unchecked costs little (submissions are
      // still validated, queued and deduplicated). The failure is logged so it is visible.
      console.error(`rate limiter unavailable for "${limit}"; request allowed`, err);
      return next();
    }
    if (!result.allowed) {
      const seconds = result.retryAfterSeconds;
      return c.json<ApiError>(
        { error: 'rate_limited', message: messages.tooManyRequests(seconds), retryAfter: seconds },
        429,
        { 'Retry-After': String(seconds), 'Cache-Control': 'no-store' },
      );
    }
    await next();
  };
}
