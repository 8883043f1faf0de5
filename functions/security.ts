import type { MiddlewareHandler } from 'hono';
import { appConfig, type AppConfig } from './config.ts';

// The Content-Security-Policy allows third parties only when the feature that needs them is configured.
export function contentSecurityPolicy(config: AppConfig): string {
  const script = ["'self'"];
  const connect = ["'self'"];
  const img = ["'self'", 'data:'];
  const frame: string[] = [];
  const style = ["'self'", "'unsafe-inline'"];
  if (config.ANALYTICS_ID) {
    script.push('https://www.googletagmanager.com');
    connect.push('https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://www.googletagmanager.com');
    img.push('https://*.google-analytics.com', 'https://www.googletagmanager.com');
  }
  if (config.BOOKING_URL) {
    script.push('https://assets.calendly.com');
    style.push('https://assets.calendly.com');
    frame.push(new URL(config.BOOKING_URL).origin);
  }
  const directives = [
    "default-src 'self'",
    `script-src ${script.join(' ')}`,
    `style-src ${style.join(' ')}`,
    `img-src ${img.join(' ')}`,
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    `frame-src ${frame.length ? frame.join(' ') : "'none'"}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ];
  if (config.SITE_URL.startsWith('https://')) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

export const securityHeaders: MiddlewareHandler<{ Bindings: Env }> = async (c, next) => {
  await next();
  // Responses from the asset binding have immutable headers: copy before editing.
  c.res = new Response(c.res.body, c.res);
  const out = c.res.headers;
  out.set('Content-Security-Policy', contentSecurityPolicy(appConfig(c.env)));
  out.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains; preload');
  out.set('X-Content-Type-Options', 'nosniff');
  out.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  out.set('Permissions-Policy', 'microphone=(self), camera=(), geolocation=(), payment=(), usb=(), interest-cohort=()');
  out.set('X-Frame-Options', 'DENY');
  out.set('Cross-Origin-Opener-Policy', 'same-origin');
};
