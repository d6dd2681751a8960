// InkLink's service worker: shows web push notifications, opens their deep link on click, and tells
// open pages what happened (spec 1 §7 Push: delivered, clicked, dismissed, navigate). The payload
// is what the server's pushPayload() builds: { notificationId, type, title, body, link, tag }.

const SOURCE = 'inklink-sw';
const FALLBACK = { title: 'InkLink', body: 'You have a new notification.', link: '/inbox' };

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** Only same-origin paths are followed, whatever a payload says. */
const safeLink = (link) => (typeof link === 'string' && link.startsWith('/') && !link.startsWith('//') ? link : FALLBACK.link);

async function tellPages(message) {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const page of pages) page.postMessage({ source: SOURCE, ...message });
}

function readPayload(data) {
  try {
    const payload = data ? data.json() : null;
    if (payload && typeof payload.title === 'string') return payload;
  } catch {
    // Not JSON: still show something, since every push must show a notification.
  }
  return FALLBACK;
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  const data = { notificationId: payload.notificationId ?? null, type: payload.type ?? null, link: safeLink(payload.link) };
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(payload.title, {
        body: payload.body ?? '',
        tag: payload.tag,
        icon: '/favicon.svg',
        data,
      }),
      tellPages({ type: 'delivered', notificationId: data.notificationId, notificationType: data.type }),
    ]),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { notificationId, link } = event.notification.data ?? { notificationId: null, link: FALLBACK.link };
  event.waitUntil(
    (async () => {
      const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const page = pages.find((p) => new URL(p.url).origin === self.location.origin);
      if (page) {
        await page.focus();
        page.postMessage({ source: SOURCE, type: 'clicked', notificationId, link });
        page.postMessage({ source: SOURCE, type: 'navigate', link });
        return;
      }
      // No page open: open one at the deep link; it reads the queued message once it listens.
      const opened = await self.clients.openWindow(link);
      opened?.postMessage({ source: SOURCE, type: 'clicked', notificationId, link });
    })(),
  );
});

self.addEventListener('notificationclose', (event) => {
  const { notificationId } = event.notification.data ?? { notificationId: null };
  event.waitUntil(tellPages({ type: 'dismissed', notificationId }));
});
