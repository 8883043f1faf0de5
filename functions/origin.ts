// Which pages may open the site's WebSockets (voice, live chat): a page elsewhere must not spend our quota
// nor talk in a visitor's conversation with the visitor's cookies. Browsers always send Origin on a
// WebSocket; other clients may omit it.

const LOOPBACK = /^(localhost|127\.0\.0\.1|\[::1\])$/;

/** Same origin, the configured site, or (locally) any loopback page of a loopback Worker. */
export function originAllowed(request: Request, siteUrl: string): boolean {
  const origin = request.headers.get('Origin');
  if (!origin) return true;
  const self = new URL(request.url);
  if (origin === self.origin || origin === siteUrl) return true;
  try {
    return LOOPBACK.test(new URL(origin).hostname) && LOOPBACK.test(self.hostname);
  } catch {
    return false;
  }
}
