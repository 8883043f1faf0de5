// Which push subscription endpoints the Worker will ever POST to (docs/decisions/0028): the Worker fetches
// whatever address a browser handed it, so an endpoint is a server-side request forgery risk unless it is on
// a known push service. No I/O.

/**
 * The push services browsers use today, as exact hosts and as parent domains ("*.example" matches any
 * subdomain, never the domain itself or a look-alike such as "evil-example").
 * - Chrome, Chromium-based Opera/Samsung Internet: Firebase Cloud Messaging, fcm.googleapis.com.
 * - Firefox (Autopush): updates.push.services.mozilla.com, and regional hosts under push.services.mozilla.com.
 * - Safari (macOS 13+, iOS 16.4+): web.push.apple.com, and hosts under push.apple.com.
 * - Edge: Windows Push Notification Services, hosts such as wns2-par02p.notify.windows.com.
 */
export const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com'] as const;
export const PUSH_SERVICE_DOMAINS = ['push.services.mozilla.com', 'push.apple.com', 'notify.windows.com'] as const;

export const PUSH_ENDPOINT_MAX = 1000;

const knownHost = (host: string) =>
  (PUSH_SERVICE_HOSTS as readonly string[]).includes(host) || PUSH_SERVICE_DOMAINS.some((d) => host.endsWith(`.${d}`));

/**
 * Why `endpoint` is refused, or null when the Worker may push to it: https on the default port, no
 * credentials, on a known push service; or under `localOrigin` (the local stand-in, which platform/config.ts
 * allows only on loopback in local configuration).
 */
export function pushEndpointProblem(endpoint: string, localOrigin: string | null): string | null {
  if (endpoint.length > PUSH_ENDPOINT_MAX) return `A push endpoint has at most ${PUSH_ENDPOINT_MAX} characters.`;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The push endpoint is not a URL.';
  }
  if (url.username || url.password) return 'A push endpoint may not carry credentials.';
  if (localOrigin && url.origin === new URL(localOrigin).origin) return null;
  if (url.protocol !== 'https:') return 'A push endpoint must use https.';
  if (url.port) return 'A push endpoint must use the default https port.';
  if (!knownHost(url.hostname.toLowerCase())) return 'That push endpoint is not on a known push service.';
  return null;
}

/** The bytes of a base64url text (padding allowed), or null when it is not one. */
function base64UrlBytes(v: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(v)) return null;
  try {
    return Uint8Array.from(atob(v.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/** A subscription's p256dh: an uncompressed P-256 point (65 bytes, first 0x04), base64url (RFC 8291 §3.2). */
export const isP256dhKey = (v: unknown): v is string => {
  const bytes = typeof v === 'string' ? base64UrlBytes(v) : null;
  return !!bytes && bytes.length === 65 && bytes[0] === 4;
};

/** A subscription's auth secret: 16 bytes, base64url (RFC 8291 §3.2). */
export const isAuthSecret = (v: unknown): v is string => {
  const bytes = typeof v === 'string' ? base64UrlBytes(v) : null;
  return !!bytes && bytes.length === 16;
};
