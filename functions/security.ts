import type { MiddlewareHandler } from 'hono';
import { STYLE_HASHES_PATH, type StyleHashes } from '../shared/csp.ts';

type InlineHashes = { readonly style: readonly string[]; readonly script: readonly string[] };
const NO_HASHES: InlineHashes = { style: [], script: [] };
import type { AppConfig } from '../platform/config.ts';
import type { AppEnv } from './env.ts';

// Origins a configured feature needs (and nothing else is ever allowed).
// GA4 (web/analytics/analytics.ts): gtag.js from www.googletagmanager.com, which sends its hits to
// www.google-analytics.com or the regional collection hosts, and may ping www.googletagmanager.com back.
// Exact hosts, no wildcard: a wildcard would allow any script on any googletagmanager.com subdomain.
const ANALYTICS = {
  script: ['https://www.googletagmanager.com'],
  connect: [
    'https://www.google-analytics.com', 'https://region1.google-analytics.com',
    'https://region1.analytics.google.com', 'https://www.googletagmanager.com',
  ],
  img: ['https://www.google-analytics.com', 'https://www.googletagmanager.com'],
};
// The Calendly embed loads its script and stylesheet from assets.calendly.com and frames the event page.
const CALENDLY_ASSETS = 'https://assets.calendly.com';

/**
 * The Content-Security-Policy allows third parties only when the feature that needs them is configured:
 * analytics origins only with ANALYTICS_ID, the booking origin only with BOOKING_URL, the Appwrite origin (and
 * its realtime WebSocket origin) only with APPWRITE_ENDPOINT. `null` (invalid
 * configuration) gives the strictest policy: same origin only. Inline styles and the inline loader script
 * are allowed only by the hashes of what the build inlined into the pages (no 'unsafe-inline'); React sets
 * style properties through the DOM, which CSP does not restrict.
 */
export function contentSecurityPolicy(config: AppConfig | null, hashes: InlineHashes = NO_HASHES): string {
  const script = ["'self'", ...hashes.script];
  const style = ["'self'", ...hashes.style];
  const img = ["'self'", 'data:'];
  const connect = ["'self'"];
  const frame: string[] = [];
  if (config?.ANALYTICS_ID) {
    script.push(...ANALYTICS.script);
    connect.push(...ANALYTICS.connect);
    img.push(...ANALYTICS.img);
  }
  if (config?.APPWRITE_ENDPOINT) {
    // The SPA's appwrite SDK: REST calls, and realtime over a WebSocket on the same host.
    const appwrite = new URL(config.APPWRITE_ENDPOINT);
    connect.push(appwrite.origin, `${appwrite.protocol === 'https:' ? 'wss:' : 'ws:'}//${appwrite.host}`);
  }
  if (config?.BOOKING_URL) {
    const booking = new URL(config.BOOKING_URL);
    frame.push(booking.origin);
    if (booking.hostname === 'calendly.com' || booking.hostname.endsWith('.calendly.com')) {
      script.push(CALENDLY_ASSETS);
      style.push(CALENDLY_ASSETS);
    }
  }
  const directives = [
    "default-src 'self'",
    `script-src ${script.join(' ')}`,
    `style-src ${style.join(' ')}`,
    `img-src ${img.join(' ')}`,
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    "media-src 'self' blob:",
    "worker-src 'self' blob:",
    `frame-src ${frame.length ? frame.join(' ') : "'none'"}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "manifest-src 'self'",
  ];
  if (config?.SITE_URL.startsWith('https://')) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

// The policy depends only on the configuration, which appConfig() validates once per isolate, and on the
// build's style hashes: build it once per configuration rather than on every response (every asset passes
// through here).
const policies = new WeakMap<AppConfig, string>();
function policyFor(config: AppConfig | null, hashes: InlineHashes): string {
  if (!config) return contentSecurityPolicy(null);
  let policy = policies.get(config);
  if (policy === undefined) {
    policy = contentSecurityPolicy(config, hashes);
    policies.set(config, policy);
  }
  return policy;
}

// The build writes the hashes of the stylesheets and the loader it inlined (scripts/lib/cspHashes.ts); read
// once per isolate. Without them (no build, a test pool without assets) nothing inline is allowed.
let inlineHashes: Promise<InlineHashes> | undefined;
const onlyHashes = (list: unknown) => (Array.isArray(list) ? list : []).filter((h): h is string => typeof h === 'string' && /^'sha256-[A-Za-z0-9+/]+=*'$/.test(h));
function inlineStyleHashes(env: Env): Promise<InlineHashes> {
  inlineHashes ??= Promise.resolve()
    .then(() => env.ASSETS.fetch(new Request(`https://assets.local${STYLE_HASHES_PATH}`)))
    .then(async (res) => (res.ok ? ((await res.json()) as Partial<StyleHashes>) : {}))
    .then((h) => ({ style: onlyHashes(h.style), script: onlyHashes(h.script) }))
    .catch(() => NO_HASHES);
  return inlineHashes;
}

/** Headers every response carries, whatever produced it (page, asset, API, 404, 429, error). */
export function applySecurityHeaders(headers: Headers, config: AppConfig | null, hashes: InlineHashes = NO_HASHES): void {
  headers.set('Content-Security-Policy', policyFor(config, hashes));
  headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains; preload');
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  // Only features Chrome recognises: an unknown one (e.g. interest-cohort) logs a console error.
  headers.set('Permissions-Policy', 'microphone=(self), camera=(), geolocation=(), payment=(), usb=(), browsing-topics=()');
  headers.set('X-Frame-Options', 'DENY');
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
}

/**
 * Outermost middleware: adds the security headers to whatever the app answered (page, asset, API, 404,
 * 429, error, the 503 of an invalid configuration, which gets the strictest policy). It never throws, so no
 * response escapes without them. hono/secure-headers is not used: the policy depends on the configuration
 * and on the build's style hashes, read once per isolate.
 */
export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  // Responses from the asset binding have immutable headers: copy before editing. A 101 (WebSocket
  // upgrade) must be passed on as it is.
  if (c.res.status === 101) return;
  const config = c.var.config ?? null;
  c.res = new Response(c.res.body, c.res);
  applySecurityHeaders(c.res.headers, config, config ? await inlineStyleHashes(c.env) : NO_HASHES);
};
