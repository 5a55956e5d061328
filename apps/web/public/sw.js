// The service worker (docs/notifications.md): registered only when a member turns push on in their notification
// settings. It shows what the server pushes ({ title, body, url, tag, kind }) and, on a click, focuses a tab already
// on that page or opens one. It caches nothing: the pages stay the server's.

/** Windows of this site open in this browser. */
const windows = () => globalThis.clients.matchAll({ type: 'window', includeUncontrolled: true });

globalThis.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: 'Rhema', body: event.data ? event.data.text() : '' };
  }
  const url = typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/account/notifications';
  const show = () =>
    globalThis.registration.showNotification(data.title || 'Rhema', {
      body: data.body || '',
      tag: data.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url, kind: data.kind },
    });
  if (data.kind === 'call') {
    // a ringing call (packages/core/src/notifications/ring.ts): a page of the site in view rings itself (the
    // header's live stream), so the lock screen rings only for a member away from every page
    event.waitUntil(
      windows().then((open) =>
        open.some((client) => client.visibilityState === 'visible') ? undefined : show(),
      ),
    );
    return;
  }
  if (data.kind === 'missed_call') {
    // the call is over: its ring leaves the screen, the missed call takes its place
    event.waitUntil(
      globalThis.registration
        .getNotifications()
        .then((shown) => shown.filter((n) => n.data?.kind === 'call').forEach((n) => n.close()))
        .then(show),
    );
    return;
  }
  event.waitUntil(show());
});

globalThis.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/account/notifications', globalThis.location.origin)
    .href;
  event.waitUntil(
    windows().then((open) => {
      const there = open.find((client) => client.url === url);
      if (there) return there.focus();
      return globalThis.clients.openWindow(url);
    }),
  );
});
