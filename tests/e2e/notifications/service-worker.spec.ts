import type { BrowserContext, CDPSession, Page, Worker } from '@playwright/test';
import { expect, test as base } from '../members/fixtures';
import { nameStamp } from '../members/helpers';
import { gotoApp } from '../auth/helpers';

// The installable app (docs/notifications.md): every page links the manifest (icons 192 and 512, one maskable),
// and the service worker /sw.js shows what the server pushes: a push delivered through the DevTools protocol
// (ServiceWorker.deliverPushMessage), with the notifications permission granted, becomes a notification that
// carries its page, and a click on it focuses a tab on that page or opens one. A ring is shown only when no page
// of the site is in view (the page rings itself).

// Chromium's headless shell, which the rest of the suite runs in, takes the push but shows no notification: its
// `Notification.permission` stays "denied" after the permission is granted and showNotification() rejects ("No
// notification permission has been granted for this origin"). This spec runs in the full browser, headless, with
// the suite's other launch flags.
const test = base.extend<object, object>({
  launchOptions: [
    async ({ launchOptions }, use) => {
      await use({ ...launchOptions, executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
    },
    { scope: 'worker' },
  ],
});

interface Shown {
  title: string;
  url: string;
}

/** The push the server sends (pushPayload, packages/core/src/notifications/push-senders.ts). */
const payload = (title: string, url: string, kind: string, tag: string) =>
  JSON.stringify({ title, body: '', url, tag, kind });

/** Registers /sw.js as the settings' "Turn on notifications on this device" does; answers its registration id. */
async function registerWorker(page: Page, cdp: CDPSession, origin: string) {
  await cdp.send('ServiceWorker.enable');
  const registered = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}/`);
      if (ours) resolve(ours.registrationId);
    }),
  );
  // the first push goes to a worker the browser counts as activated: `ready` can resolve while it is still
  // activating, and with the push sent at once the first notification sometimes never showed (a rare retry in CI)
  const activated = new Promise<void>((resolve) =>
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      if (versions.some((v) => v.scriptURL === `${origin}/sw.js` && v.status === 'activated')) resolve();
    }),
  );
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    await navigator.serviceWorker.ready;
  });
  const registrationId = await registered;
  await activated;
  return registrationId;
}

/** What a service worker's scope offers that this spec uses (the DOM library of the tests does not describe it). */
interface WorkerScope {
  registration: { getNotifications(): Promise<(Notification & { data: { url: string } })[]> };
  dispatchEvent(event: Event): boolean;
  Clients: { prototype: { openWindow(url: string): Promise<unknown> } };
  WindowClient: { prototype: { url: string; focus(): Promise<unknown> } };
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
}

const shownBy = (worker: Worker) =>
  worker.evaluate(async () =>
    (await (globalThis as unknown as WorkerScope).registration.getNotifications()).map((n) => ({
      title: n.title,
      url: n.data.url,
    })),
  );

/**
 * Clicks the first notification shown. Chromium lets a service worker open or focus a window only while it handles
 * a click the browser itself dispatched, and the DevTools protocol has no way to click a notification; so the
 * click is dispatched in the worker with those two calls recorded instead of made, and the test opens what the
 * worker asked for. Answers what it asked for.
 */
async function click(worker: Worker): Promise<[string, string][]> {
  return worker.evaluate(async () => {
    const sw = globalThis as unknown as WorkerScope;
    const asked: [string, string][] = [];
    sw.Clients.prototype.openWindow = async (url: string) => {
      asked.push(['open', url]);
      return null;
    };
    sw.WindowClient.prototype.focus = async function (this: { url: string }) {
      asked.push(['focus', this.url]);
      return this;
    };
    const [notification] = await sw.registration.getNotifications();
    const event = new sw.NotificationEvent('notificationclick', { notification: notification! });
    const pending: Promise<unknown>[] = [];
    Object.defineProperty(event, 'waitUntil', { value: (p: Promise<unknown>) => pending.push(p) });
    sw.dispatchEvent(event);
    await Promise.all(pending);
    return asked;
  });
}

async function serviceWorkerOf(context: BrowserContext) {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
}

test('the manifest is linked; the service worker shows a pushed notification and a click opens its page', async ({
  signUp,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = baseURL!;
  const member = await signUp(`Gbenga${nameStamp()}`);
  const page = member.page;
  const context = page.context();
  await context.grantPermissions(['notifications'], { origin });
  await gotoApp(page, '/account/notifications');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = (await (await page.request.get(href!)).json()) as {
    display: string;
    icons: { sizes: string; purpose: string }[];
  };
  expect(manifest.display).toBe('standalone');
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  // nothing registers a service worker on page load: the member turns push on in the settings
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(0);

  const cdp = await context.newCDPSession(page);
  const registrationId = await registerWorker(page, cdp, origin);
  const worker = await serviceWorkerOf(context);
  const push = (data: string) =>
    cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data });

  await push(payload('Ada sent you a friend request', '/account/friends', 'friend_request', 'n1'));
  await expect
    .poll(() => shownBy(worker))
    .toEqual([{ title: 'Ada sent you a friend request', url: '/account/friends' } satisfies Shown]);

  // no tab is on /account/friends: the click opens one there
  const friends = `${origin}/account/friends`;
  expect(await click(worker)).toEqual([['open', friends]]);
  expect(await shownBy(worker)).toEqual([]);
  const opened = await context.newPage();
  await gotoApp(opened, friends);
  await expect(opened.getByRole('heading', { level: 1 })).toBeVisible();
  expect(new URL(opened.url()).pathname).toBe('/account/friends');

  // with a tab on that page, a click on the next one focuses it rather than opening another
  await push(payload('Bola accepted your friend request', '/account/friends', 'friend_accepted', 'n2'));
  await expect.poll(async () => (await shownBy(worker)).length).toBe(1);
  expect(await click(worker)).toEqual([['focus', friends]]);
});

test('a ringing call is shown only when no page of the site is in view', async ({ signUp, baseURL }) => {
  test.setTimeout(120_000);
  const origin = baseURL!;
  const member = await signUp(`Chidi${nameStamp()}`);
  const page = member.page;
  const context = page.context();
  await context.grantPermissions(['notifications'], { origin });
  // the DevTools session lives on a page of no site, so the site's own page can close
  const blank = await context.newPage();
  const cdp = await context.newCDPSession(blank);
  await gotoApp(page, '/members');
  const registrationId = await registerWorker(page, cdp, origin);
  const worker = await serviceWorkerOf(context);
  const push = (data: string) =>
    cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data });
  const ring = (tag: string) => payload('Remi is calling you', '/account/messages/1', 'call', tag);

  // in view: the page rings; the next push (shown) proves the ring's push was handled
  await push(ring('call1'));
  await push(payload('Ada sent you a friend request', '/account/friends', 'friend_request', 'n1'));
  await expect
    .poll(() => shownBy(worker))
    .toEqual([{ title: 'Ada sent you a friend request', url: '/account/friends' } satisfies Shown]);

  // away from every page of the site: the lock screen rings (once the worker no longer counts the closed tab among
  // its windows: the push is decided by what it sees then)
  await page.close();
  await expect
    .poll(() =>
      worker.evaluate(async () => {
        const scope = self as unknown as { clients: { matchAll(o: object): Promise<unknown[]> } };
        return (await scope.clients.matchAll({ type: 'window', includeUncontrolled: true })).length;
      }),
    )
    .toBe(0);
  await push(ring('call2'));
  await expect
    .poll(async () => (await shownBy(worker)).map((n) => n.title).sort())
    .toEqual(['Ada sent you a friend request', 'Remi is calling you']);
  // the call was missed: its ring leaves, the missed call stays
  await push(payload('You missed a video call from Remi', '/account/messages/1', 'missed_call', 'n2'));
  await expect
    .poll(async () => (await shownBy(worker)).map((n) => n.title).sort())
    .toEqual(['Ada sent you a friend request', 'You missed a video call from Remi']);
});
