// The service worker (docs/notifications.md): registered only when a member turns push on in their notification
// settings. It shows what the server pushes ({ title, body, url, tag }) and, on a click, focuses a tab already on
// that page or opens one. It caches nothing: the pages stay the server's.
globalThis.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: 'Rhema', body: event.data ? event.data.text() : '' };
  }
  const url = typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/account/notifications';
  event.waitUntil(
    globalThis.registration.showNotification(data.title || 'Rhema', {
      body: data.body || '',
      tag: data.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url },
    }),
  );
});

globalThis.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/account/notifications', globalThis.location.origin)
    .href;
  event.waitUntil(
    globalThis.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url);
      if (open) return open.focus();
      return globalThis.clients.openWindow(url);
    }),
  );
});
