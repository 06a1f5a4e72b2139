/*
 * Service worker for Web Push. The page registers it as /sw.js?lang=ar|en, so
 * the language chosen when the visitor subscribed is part of its address.
 * Spec §3 payload: type, title, title_en, title_ar, body, body_en, body_ar (+ link, order_id).
 */
const lang = new URL(self.location.href).searchParams.get('lang') === 'en' ? 'en' : 'ar';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** A site path in the subscriber's language (Arabic at /, English under /en). */
function localized(path) {
  const clean = typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') ? path : '/notifications';
  if (lang === 'ar') return clean;
  return clean === '/' ? '/en' : `/en${clean}`;
}

self.addEventListener('push', (event) => {
  let p = {};
  try {
    p = event.data ? event.data.json() : {};
  } catch (err) {
    console.error('push: unreadable payload', err);
  }
  const title = p[`title_${lang}`] || p.title || '';
  const options = {
    body: p[`body_${lang}`] || p.body || '',
    lang,
    dir: lang === 'ar' ? 'rtl' : 'ltr',
    icon: '/favicon.png',
    badge: '/favicon.png',
    tag: p.notification_id ? `notification-${p.notification_id}` : undefined,
    data: { url: localized(p.link) },
  };
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || localized('/notifications'), self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
