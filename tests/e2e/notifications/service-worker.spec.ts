import { expect, test } from '../members/fixtures';
import { nameStamp } from '../members/helpers';
import { gotoApp } from '../auth/helpers';

// The installable app (docs/notifications.md): every page links the manifest (icons 192 and 512, one maskable),
// and the service worker /sw.js shows what the server pushes: a push delivered through the DevTools protocol
// (ServiceWorker.deliverPushMessage), with the notifications permission granted, becomes a notification that
// carries its page.

// Chromium's headless shell grants no notification permission: this spec runs in the full browser, headless
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  },
});

test('the manifest is linked, and the service worker shows a pushed notification with its page', async ({
  signUp,
  baseURL,
}) => {
  const member = await signUp(`Gbenga${nameStamp()}`);
  const page = member.page;
  await page.context().grantPermissions(['notifications'], { origin: baseURL! });
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

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  const registered = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${baseURL}/`);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    await navigator.serviceWorker.ready;
  });
  const registrationId = await registered;
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: baseURL!,
    registrationId,
    data: JSON.stringify({
      title: 'Ada sent you a friend request',
      body: '',
      url: '/account/friends',
      tag: 'n1',
    }),
  });
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({
          title: n.title,
          url: (n.data as { url: string }).url,
        }));
      }),
    )
    .toEqual([{ title: 'Ada sent you a friend request', url: '/account/friends' }]);
});
