/**
 * The service worker served at /sw.js (issue #31), scope '/'. It does not touch requests (no fetch
 * handler: the app is installable without an offline copy); it shows web push alerts and opens the
 * filing on a click, in an open tab of the app when there is one. A click only ever leads to this
 * origin or to sec.gov, whatever a payload says.
 */
export const SERVICE_WORKER_JS = `'use strict';
// Filing alerts service worker: web push notifications (issue #31).
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

function safeTarget(url) {
  try {
    const target = new URL(typeof url === 'string' ? url : '/', self.location.origin);
    if (target.origin === self.location.origin || target.origin === 'https://www.sec.gov') return target.href;
  } catch (e) {}
  return new URL('/', self.location.origin).href;
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (e) {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'New filing';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { url: safeTarget(data.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = safeTarget(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).origin === self.location.origin && 'navigate' in client) {
          await client.focus();
          return client.navigate(target);
        }
      }
      return self.clients.openWindow(target);
    })(),
  );
});
`;
