import type { MiddlewareHandler } from 'hono';
import type { ApiError } from '../shared/api.ts';
import { messages } from '../shared/messages.ts';
import type { LimitName } from '../shared/rateLimits.ts';

export type { LimitName } from '../shared/rateLimits.ts';

// --- The visitor fingerprint (ARCHITECTURE.md decision 3) -------------------------------------------
// The RateLimiter object is named by a SHA-256 of the client address plus a coarse user-agent family.
// Nothing a client can vary on its own buys a fresh budget: the address comes from Cloudflare
// (CF-Connecting-IP is set by the edge and cannot be forged through it; the X-Forwarded-For and
// X-Real-IP fallbacks only matter locally, where no edge sets it), IPv6 addresses count per /64
// (what one subscriber gets, and can rotate freely), and the user agent is reduced to a browser family
// and an OS family, so version strings or random user agents map to one of a few dozen values.

const browsers: [RegExp, string][] = [
  [/bot|crawl|spider|slurp|facebookexternalhit|headless/i, 'bot'],
  [/Edg(e|A|iOS)?\//, 'edge'],
  [/OPR\/|Opera/, 'opera'],
  [/SamsungBrowser/, 'samsung'],
  [/Firefox\/|FxiOS/, 'firefox'],
  [/Chrome\/|CriOS|Chromium/, 'chrome'],
  [/Safari\//, 'safari'],
  [/curl|wget|python|node|go-http|java|okhttp|axios|undici|postman/i, 'tool'],
];
const systems: [RegExp, string][] = [
  [/Windows/, 'windows'],
  [/Android/, 'android'],
  [/iPhone|iPad|iPod/, 'ios'],
  [/CrOS/, 'chromeos'],
  [/Mac OS X|Macintosh/, 'macos'],
  [/Linux|X11/, 'linux'],
];

/** Browser family and OS family of a User-Agent header, e.g. "chrome/windows". */
export function userAgentFamily(ua: string | null | undefined): string {
  const s = ua ?? '';
  const browser = browsers.find(([re]) => re.test(s))?.[1] ?? (s ? 'other' : 'none');
  const os = systems.find(([re]) => re.test(s))?.[1] ?? 'other';
  return `${browser}/${os}`;
}

/** The client address as the rate limiter counts it: IPv4 as is, IPv6 by its /64 prefix. */
export function clientAddress(headers: Headers): string {
  const raw =
    headers.get('CF-Connecting-IP') ??
    headers.get('X-Real-IP') ??
    headers.get('X-Forwarded-For')?.split(',')[0] ??
    'unknown';
  const ip = raw.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/** The name of the caller's RateLimiter object: hex SHA-256 of address and user-agent family. */
export async function fingerprint(request: Request): Promise<string> {
  const key = `${clientAddress(request.headers)}\n${userAgentFamily(request.headers.get('User-Agent'))}`;
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
