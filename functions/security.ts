import type { Context, MiddlewareHandler } from 'hono';
import type { ApiError } from '../shared/api.ts';
import { appConfig, ConfigError, type AppConfig } from './config.ts';

// Origins a configured feature needs (and nothing else is ever allowed).
// GA4 per Google's CSP guide: gtag.js from googletagmanager.com, hits to google-analytics.com.
const ANALYTICS = {
  script: ['https://*.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
};
// The Calendly embed loads its script and stylesheet from assets.calendly.com and frames the event page.
const CALENDLY_ASSETS = 'https://assets.calendly.com';

/**
 * The Content-Security-Policy allows third parties only when the feature that needs them is configured:
 * analytics origins only with ANALYTICS_ID, the booking origin only with BOOKING_URL, the Appwrite origin (and
 * its realtime WebSocket origin) only with APPWRITE_ENDPOINT. `null` (invalid
 * configuration) gives the strictest policy: same origin only.
 */
export function contentSecurityPolicy(config: AppConfig | null): string {
  const script = ["'self'"];
  const style = ["'self'", "'unsafe-inline'"]; // React style attributes and the scheduling widget's inline styles
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

// The policy depends only on the configuration, which appConfig() validates once per isolate: build it once
// per configuration rather than on every response (every asset passes through here).
const policies = new WeakMap<AppConfig, string>();
function policyFor(config: AppConfig | null): string {
  if (!config) return contentSecurityPolicy(null);
  let policy = policies.get(config);
  if (policy === undefined) policies.set(config, (policy = contentSecurityPolicy(config)));
  return policy;
}

/** Headers every response carries, whatever produced it (page, asset, API, 404, 429, error). */
export function applySecurityHeaders(headers: Headers, config: AppConfig | null): void {
  headers.set('Content-Security-Policy', policyFor(config));
  headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains; preload');
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  // Only features Chrome recognises: an unknown one (e.g. interest-cohort) logs a console error.
  headers.set('Permissions-Policy', 'microphone=(self), camera=(), geolocation=(), payment=(), usb=(), browsing-topics=()');
  headers.set('X-Frame-Options', 'DENY');
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
}

/** 503 naming the invalid variables (never their values): JSON for /api, a small page otherwise. */
function misconfigured(c: Context, err: ConfigError): Response {
  console.error(err.message);
  const headers = { 'Cache-Control': 'no-store', 'Retry-After': '60' };
  if (c.req.path === '/api' || c.req.path.startsWith('/api/')) {
    return c.json<ApiError>({ error: 'misconfigured', message: err.message, fields: err.fields }, 503, headers);
  }
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const items = Object.entries(err.fields).map(([k, v]) => `<li><code>${esc(k)}</code> ${esc(v)}</li>`).join('');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Site temporarily unavailable</title></head>` +
    `<body><h1>Site temporarily unavailable</h1><p>The site is not configured correctly:</p><ul>${items}</ul>` +
    `<p>Fix the variable in wrangler.toml [vars], .dev.vars or the Worker secrets.</p></body></html>`;
  return c.html(html, 503, headers);
}

/**
 * Outermost middleware. Validates the configuration first (an invalid one answers 503 with a message
 * per variable, for pages and API alike, instead of serving half-configured pages), then adds the
 * security headers to whatever the app answered. It never throws, so no response escapes without them.
 */
export const securityHeaders: MiddlewareHandler<{ Bindings: Env }> = async (c, next) => {
  let config: AppConfig | null = null;
  try {
    config = appConfig(c.env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    c.res = misconfigured(c, err);
  }
  if (config) await next();
  // Responses from the asset binding have immutable headers: copy before editing. A 101 (WebSocket
  // upgrade) must be passed on as it is.
  if (c.res.status === 101) return;
  c.res = new Response(c.res.body, c.res);
  applySecurityHeaders(c.res.headers, config);
};
