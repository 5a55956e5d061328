// Signed-in pages paint from the server's HTML, with the member's own data, before any script runs; then the app
// hydrates that markup with the reads the server made (docs/decisions/200-hydration-of-the-servers-markup.md).
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, gotoApp, loginByApi, registerByApi } from '../auth/helpers';
import { actAsPerson, holdBack } from '../public/fixtures';

test('a member’s introductions page shows before the app has started, then the app hydrates it: same nodes, no read made again', async ({
  page,
}) => {
  const member = await registerByApi(page.request, 'first-paint');
  await loginByApi(page, member.email, member.password);
  const reads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/trpc/')) reads.push(new URL(request.url()).pathname);
  });
  const release = await holdBack(page, /\/assets\/index-[^/]+\.js$/);
  await page.goto('/account/introductions', { waitUntil: 'commit' });
  const staticPage = page.locator('#root');
  const heading = staticPage.getByRole('heading', { name: 'My introductions' });
  await expect(heading).toBeVisible();
  await expect(staticPage).toContainText(member.firstName);
  await expect(page.locator('html')).toHaveAttribute('data-signed-in', '');
  await expect(page.locator('html')).toHaveClass(/\bhydrating\b/);
  // a mark on the server's node: hydration keeps it, a new render would not
  await heading.evaluate((node) => node.setAttribute('data-server-node', ''));
  release();
  await expect(page.locator('html.hydrating')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'My introductions' })).toHaveAttribute(
    'data-server-node',
    '',
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  // the page's reads came with it: the app asked the server for none of them again
  await page.waitForLoadState('networkidle');
  expect(reads.filter((path) => /introductions\.list|auth\.session/.test(path))).toEqual([]);
});

test('the members list hydrates with every read its page and its frame show: the app makes none but the live stream', async ({
  page,
}) => {
  const member = await registerByApi(page.request, 'first-paint-members');
  await loginByApi(page, member.email, member.password);
  const reads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/trpc/')) reads.push(new URL(request.url()).pathname);
  });
  await page.goto('/members');
  await expect(page.locator('html.hydrating')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();
  // the header's unread count, the filters' communities and each card's request state came with the page, and
  // the stream's first notice (its unread count, the same) asks for nothing more
  await expect.poll(() => reads).toContain('/trpc/messages.live');
  await page.waitForLoadState('networkidle');
  expect(reads).toEqual(['/trpc/messages.live']);
});

test('the console’s users list shows before the app has started, with its search in the address', async ({
  page,
}) => {
  await loginByApi(page, 'admin@example.com', DEMO_PASSWORD);
  const release = await holdBack(page, /\/assets\/index-[^/]+\.js$/);
  await page.goto('/admin21/users?gender=female', { waitUntil: 'commit' });
  const staticPage = page.locator('#root');
  await expect(staticPage.getByRole('heading', { level: 1 })).toBeVisible();
  // the list itself, not a loading state: the first card's member, by their e-mail address
  const firstEmail = /[\w.+-]+@example\.com/.exec(await staticPage.innerText())?.[0];
  expect(firstEmail).toBeTruthy();
  release();
  await expect(page.locator('html.hydrating')).toHaveCount(0);
  // the app shows the same list the server did
  await expect(page.getByText(firstEmail!, { exact: true }).first()).toBeVisible();
});

test('a signed-out browser gets no rendered account page: the app sends it to login', async ({ page }) => {
  await gotoApp(page, '/account/introductions');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
});

test('a member who has not answered the cookie banner sees it with the page; a press before its library has loaded counts', async ({
  page,
}) => {
  await actAsPerson(page);
  const member = await registerByApi(page.request, 'first-paint-banner');
  await loginByApi(page, member.email, member.password);
  await page.context().clearCookies({ name: 'cc_cookie' });
  // the banner's library held back: the page and the app run, the banner on screen is the server's
  const release = await holdBack(page, /\/assets\/run-consent-[^/]+\.js$/);
  await page.goto('/account', { waitUntil: 'commit' });
  const early = page.locator('#cc-static');
  await expect(early.getByRole('dialog', { name: 'Cookies on Rhema' })).toBeVisible();
  await expect(page.locator('html.hydrating')).toHaveCount(0);
  await early.getByRole('button', { name: 'Reject all' }).click();
  release();
  // the press is the library's answer: necessary cookies only, and no banner left
  await expect(page.locator('#cc-static')).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Cookies on Rhema' })).toHaveCount(0);
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === 'cc_cookie')?.value ?? '')
    .toContain(encodeURIComponent('"categories":["necessary"]'));
  // answered: the next page comes without it
  await page.goto('/account/introductions', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'My introductions' })).toBeVisible();
  await expect(page.locator('#cc-static')).toHaveCount(0);
});
