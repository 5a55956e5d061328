// The cookie banner the server draws with a signed-in page is the banner of that page: its library loads at the
// page's first use (a press, key or scroll), not with the page, and then answers it (docs/decisions/
// 225-consent-at-first-use.md, apps/web/src/lib/consent.ts, features/consent/run-consent.ts).
import { expect, test, type Page } from '@playwright/test';
import { loginByApi, registerByApi } from '../auth/helpers';
import { actAsPerson } from '../public/fixtures';

const serversBanner = (page: Page) =>
  page.locator('#cc-static').getByRole('dialog', { name: 'Cookies on Rhema' });
const anyBanner = (page: Page) => page.getByRole('dialog', { name: 'Cookies on Rhema' });

async function consentRecord(page: Page) {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'cc_cookie');
  return cookie ? (JSON.parse(decodeURIComponent(cookie.value)) as { categories: string[] }) : undefined;
}

/** A member who has not answered the banner, on a page the server renders for them; what the page fetches. */
async function unansweredMember(page: Page, name: string) {
  await actAsPerson(page);
  const member = await registerByApi(page.request, name);
  await loginByApi(page, member.email, member.password);
  await page.context().clearCookies({ name: 'cc_cookie' });
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  return {
    member,
    libraryFetched: () => fetched.some((path) => /\/assets\/run-consent-[^/]+\.js$/.test(path)),
  };
}

test('the library is not loaded with the page; a key press loads it and Escape closes the banner for this page', async ({
  page,
}) => {
  const { libraryFetched } = await unansweredMember(page, 'banner-escape');
  await page.goto('/account');
  await expect(page.locator('html.hydrating')).toHaveCount(0);
  await expect(serversBanner(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(libraryFetched(), 'the library waits for the page to be used').toBe(false);
  await expect(page.locator('html[data-consent="started"]')).toHaveCount(0);

  await page.keyboard.press('Escape');
  await expect(page.locator('html[data-consent="started"]')).toHaveCount(1);
  expect(libraryFetched()).toBe(true);
  await expect(anyBanner(page)).toHaveCount(0);
  // no answer was given: the next page asks again
  expect(await consentRecord(page)).toBeUndefined();
  await page.goto('/account/introductions');
  await expect(serversBanner(page)).toBeVisible();
});

test('by keyboard: the banner is reached by Tab, answered with Enter, and the focus goes on in the page', async ({
  page,
}) => {
  await unansweredMember(page, 'banner-keyboard');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/account');
  await expect(page.locator('html.hydrating')).toHaveCount(0);
  const bodyPadding = () =>
    page.evaluate(() => Math.round(parseFloat(getComputedStyle(document.body).paddingBottom)));
  // the page's own, before the library runs
  const pagePadding = await bodyPadding();
  const accept = serversBanner(page).getByRole('button', { name: 'Accept all' });
  for (let press = 0; press < 60; press++) {
    if (await accept.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(accept).toBeFocused();
  // once the library runs, the page makes room for the bar at its end
  await expect(page.locator('html.consent-static')).toHaveCount(1);
  const barHeight = Math.round((await serversBanner(page).boundingBox())!.height);
  expect(barHeight).toBeGreaterThan(pagePadding);
  await expect.poll(bodyPadding).toBe(barHeight);
  // the same banner all along: the library drew no second one over it
  await expect(anyBanner(page)).toHaveCount(1);

  await page.keyboard.press('Enter');
  await expect(anyBanner(page)).toHaveCount(0);
  await expect
    .poll(async () => (await consentRecord(page))?.categories.slice().sort())
    .toEqual(['analytics', 'necessary']);
  await expect(page.locator('#main')).toBeFocused();
  await expect(page.locator('html.consent-static')).toHaveCount(0);
  expect(await bodyPadding()).toBe(pagePadding);
});

test('"Manage preferences" opens the preferences; saving them answers the banner', async ({ page }) => {
  await unansweredMember(page, 'banner-preferences');
  await page.goto('/account');
  await expect(page.locator('html.hydrating')).toHaveCount(0);
  await serversBanner(page).getByRole('button', { name: 'Manage preferences' }).click();
  const preferences = page.getByRole('dialog', { name: 'Cookie preferences' });
  await expect(preferences).toBeVisible();
  await preferences.getByRole('checkbox', { name: /Analytics cookies/ }).uncheck();
  await preferences.getByRole('button', { name: 'Save my choices' }).click();
  await expect(preferences).toBeHidden();
  await expect(anyBanner(page)).toHaveCount(0);
  await expect.poll(async () => (await consentRecord(page))?.categories).toEqual(['necessary']);
});

test('an answer to an older cookie policy: the server’s banner asks again and says why', async ({
  page,
  baseURL,
}) => {
  await unansweredMember(page, 'banner-revision');
  await page.context().addCookies([
    {
      name: 'cc_cookie',
      value: encodeURIComponent(JSON.stringify({ categories: ['necessary'], revision: 0 })),
      url: baseURL!,
      sameSite: 'Lax',
    },
  ]);
  await page.goto('/account');
  await expect(serversBanner(page)).toContainText('We have updated our cookie policy since your last visit');
});
