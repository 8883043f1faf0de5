// Staff alerts on this device (docs/decisions/0028). A push message's JSON (shared/alerts/notification.ts
// AlertNotification: title, body, tag, url) becomes a notification; clicking it focuses an admin tab already
// showing that page, or opens it. Registered by the admin area's Notifications section with scope /admin/.
// No fetch handler: this worker never touches the site's requests or caches.

const ADMIN = '/admin';

/** A same-origin admin path, or the inbox: a push message never sends anyone off the site. */
function safePath(url) {
  try {
    const u = new URL(url || ADMIN, self.location.origin);
    return u.origin === self.location.origin && u.pathname.startsWith(ADMIN) ? u.pathname + u.search + u.hash : ADMIN;
  } catch {
    return ADMIN;
  }
}

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Volta Labs';
  event.waitUntil(self.registration.showNotification(title, {
    body: typeof data.body === 'string' ? data.body : '',
    tag: typeof data.tag === 'string' ? data.tag : undefined,
    icon: '/favicon.svg',
    data: { url: safePath(data.url) },
  }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = safePath(event.notification.data && event.notification.data.url);
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const target = new URL(path, self.location.origin).href;
    const same = windows.find((w) => w.url === target);
    if (same) return same.focus();
    return self.clients.openWindow(path);
  })());
});
