// Finding the product: a visitor finds sign-up from the home page, a member finds every part
// of the members' product from the member navigation alone (a bar under the header, a tab bar at the bottom of a
// phone), and an address no page has answers 404 with the not-found page.
import { DEMO_PASSWORD, gotoApp, loginByApi } from '../auth/helpers';
import { expect, holdBack, test, withConsentGiven } from '../public/fixtures';
import { registerMember } from './helpers';

const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 360, height: 780 },
] as const;

for (const viewport of VIEWPORTS) {
  test.describe(`on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a visitor finds sign-up from the home page: in the header and in the first screen', async ({
      page,
      baseURL,
    }, testInfo) => {
      await withConsentGiven(page, baseURL!);
      await page.goto('/');
      const hero = page.getByRole('main').getByRole('link', { name: 'Create account' });
      await expect(hero).toBeInViewport();
      await expect(hero).toHaveAttribute('href', '/auth/register');
      await page.screenshot({ path: testInfo.outputPath(`home-${viewport.name}.png`) });
      await page.getByRole('banner').getByRole('link', { name: 'Create account' }).click();
      await expect(page).toHaveURL(/\/auth\/register$/);
      await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    });

    test('a member finds Discover and Messages from the member navigation alone', async ({
      page,
      baseURL,
    }, testInfo) => {
      await withConsentGiven(page, baseURL!);
      const member = await registerMember(page, 'Navigator');
      await loginByApi(page, member.email, member.password);
      // the app takes over the server's page: measure the navigation the app draws
      await gotoApp(page, '/account');
      const nav = page.getByRole('navigation', { name: 'Member' });
      await expect(nav).toBeVisible();
      for (const name of ['Discover', 'Communities', 'Events', 'Introductions', 'Friends', 'Messages']) {
        const link = nav.getByRole('link', { name, exact: true });
        await expect(link).toBeVisible();
        // the whole word shows (equal cells of 360 px cut the longest labels short)
        const label = link.getByText(name, { exact: true });
        expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth), name).toBe(true);
      }
      // Profile: in the bar on a wide screen, in the account menu on a phone (seven tabs do not fit 360 px)
      if (viewport.name === 'phone') {
        await expect(nav.getByRole('link', { name: 'Profile', exact: true })).toBeHidden();
        await page
          .getByRole('banner')
          .getByRole('button', { name: /^Account menu for / })
          .click();
        await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
        await page.keyboard.press('Escape');
      } else await expect(nav.getByRole('link', { name: 'Profile', exact: true })).toBeVisible();
      // every tab inside the screen
      for (const link of await nav.getByRole('link').filter({ visible: true }).all()) {
        const cell = (await link.boundingBox())!;
        expect(cell.x).toBeGreaterThanOrEqual(0);
        expect(cell.x + cell.width).toBeLessThanOrEqual(viewport.width);
      }
      // on a phone the navigation is the tab bar along the bottom of the screen
      const box = (await nav.boundingBox())!;
      if (viewport.name === 'phone') expect(box.y + box.height).toBeCloseTo(viewport.height, 0);
      else expect(box.y).toBeLessThan(200);
      // the top navigation (Home, Contact, Private Matching) in the header on a wide screen, as a visitor has it; on a
      // phone, where the header holds the account menu instead, in the footer
      const marketing = page.getByRole('banner').getByRole('link', { name: 'Private Matching' });
      if (viewport.name === 'phone') await expect(marketing).toBeHidden();
      else await expect(marketing).toBeVisible();
      await expect(
        page.getByRole('contentinfo').getByRole('link', { name: 'Private Matching' }),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'Create account' })).toHaveCount(0);
      await page.screenshot({ path: testInfo.outputPath(`account-${viewport.name}.png`) });

      await nav.getByRole('link', { name: 'Discover' }).click();
      await expect(page).toHaveURL(/\/members$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Discover' })).toHaveAttribute('aria-current', 'page');
      await page.screenshot({ path: testInfo.outputPath(`discover-${viewport.name}.png`) });

      await nav.getByRole('link', { name: 'Messages' }).click();
      await expect(page).toHaveURL(/\/account\/messages$/);
      await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Messages' })).toHaveAttribute('aria-current', 'page');
      await expect(nav.getByRole('link', { name: 'Discover' })).not.toHaveAttribute('aria-current', 'page');
      await page.screenshot({ path: testInfo.outputPath(`messages-${viewport.name}.png`) });

      await nav.getByRole('link', { name: 'Communities' }).click();
      await expect(page).toHaveURL(/\/communities$/);
      await page.screenshot({ path: testInfo.outputPath(`communities-${viewport.name}.png`) });
    });

    test('the server renders the member navigation with the page, where the app then draws it', async ({
      page,
      baseURL,
    }) => {
      await withConsentGiven(page, baseURL!);
      const member = await registerMember(page, 'Painter');
      await loginByApi(page, member.email, member.password);
      const release = await holdBack(page, /\/assets\/index-[^/]+\.js$/);
      await page.goto('/account/introductions', { waitUntil: 'commit' });
      const early = page.locator('#root').getByRole('navigation', { name: 'Member' });
      await expect(early.getByRole('link', { name: 'Introductions' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      const before = (await early.boundingBox())!;
      release();
      await expect(page.locator('html.hydrating')).toHaveCount(0);
      const after = (await page.getByRole('navigation', { name: 'Member' }).boundingBox())!;
      expect(after).toEqual(before);
    });

    test('an address no page has answers 404 with the not-found page, signed out and in', async ({
      page,
      baseURL,
    }, testInfo) => {
      await withConsentGiven(page, baseURL!);
      const response = await page.goto('/no-such-page');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'We could not find that page' })).toBeVisible();
      await expect(page).toHaveTitle(/Page not found/);
      // the app took it over: its links work
      await expect(page.locator('html')).not.toHaveClass(/\bhydrating\b/);
      await page.screenshot({ path: testInfo.outputPath(`not-found-${viewport.name}.png`) });
      await page.getByRole('link', { name: 'Read the FAQ' }).click();
      await expect(page).toHaveURL(/\/faq$/);

      // pages with parameters, a trailing slash or a query are pages
      for (const path of ['/faq/', '/private-match/ZZZZZZ', '/terms?from=footer'])
        expect((await page.request.get(path)).status(), path).toBe(200);
      expect((await page.request.get('/account/no-such-page')).status()).toBe(404);

      await loginByApi(page, 'member@example.com', DEMO_PASSWORD);
      const signedIn = await gotoApp(page, '/members/1/more');
      expect(signedIn?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'We could not find that page' })).toBeVisible();
    });
  });
}

test('staff find the console from the member navigation', async ({ page, baseURL }) => {
  await withConsentGiven(page, baseURL!);
  await loginByApi(page, 'consultant@example.com', DEMO_PASSWORD);
  await gotoApp(page, '/members');
  await page.getByRole('navigation', { name: 'Member' }).getByRole('link', { name: 'Console' }).click();
  await expect(page).toHaveURL(/\/admin21$/);
  await expect(page.getByRole('heading', { name: 'Management Console' })).toBeVisible();
});
