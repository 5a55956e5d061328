// The header a signed-in member sees on a wide screen is the product's top navigation (Home, Contact, Private Matching,
// and Logout with the first name) with their account, and names no page twice (Profile is in the member
// navigation); it fits from a tablet's width up, for staff too. And two things a member reads on their own pages:
// a profile's place under a label that says what it is, and no nameless button in the profile editor.
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, gotoApp, loginByApi } from '../auth/helpers';
import { findPublicReference, withConsentGiven } from '../public/fixtures';

async function signIn(page: Page, baseURL: string, email: string) {
  await withConsentGiven(page, baseURL);
  await loginByApi(page, email, DEMO_PASSWORD);
}

test("a member's header on a desktop is the top navigation, each page named once", async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, baseURL!, 'member@example.com');
  await gotoApp(page, '/account');
  const header = page.getByRole('banner');
  for (const [name, href] of [
    ['Home', '/'],
    ['Contact', '/support'],
    ['Private Matching', '/private-match'],
    ['My account', '/account'],
  ] as const)
    await expect(header.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  await expect(header.getByRole('button', { name: 'Logout Kemi' })).toBeVisible();
  // Profile once, in the member navigation under the header
  await expect(
    page.getByRole('link', { name: 'Profile', exact: true }).filter({ visible: true }),
  ).toHaveCount(1);
  await expect(
    page.getByRole('navigation', { name: 'Member' }).getByRole('link', { name: 'Profile', exact: true }),
  ).toBeVisible();
  await header.getByRole('link', { name: 'Private Matching' }).click();
  await expect(page).toHaveURL(/\/private-match$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

for (const email of ['member@example.com', 'admin@example.com'])
  test(`the signed-in header fits the screen from a tablet's width up (${email})`, async ({
    page,
    baseURL,
  }) => {
    await signIn(page, baseURL!, email);
    await gotoApp(page, email.startsWith('admin') ? '/admin21' : '/account');
    for (const width of [768, 1024, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      // the whole top navigation from 992 px; on a tablet the account menu, as on a phone
      const header = page.getByRole('banner');
      if (width < 992) await expect(header.getByRole('button', { name: /^Account menu for / })).toBeVisible();
      else await expect(header.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
      const overflow = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        header: Math.round(document.querySelector('header > div')!.scrollWidth),
        room: Math.round(document.querySelector('header > div')!.clientWidth),
        width: window.innerWidth,
      }));
      expect(overflow.page, `${width}: ${JSON.stringify(overflow)}`).toBeLessThanOrEqual(overflow.width);
      expect(overflow.header, `${width}: ${JSON.stringify(overflow)}`).toBeLessThanOrEqual(overflow.room);
    }
  });

test("a profile's place reads under a label that says what it is", async ({ page, baseURL }) => {
  const reference = await findPublicReference(page);
  await withConsentGiven(page, baseURL!);
  await gotoApp(page, `/private-match/${reference}`);
  await expect(page.getByRole('heading', { name: 'About me' })).toBeVisible();
  // "London, United Kingdom" is where they live, not a country
  const place = page.getByText(/^Lives in: \S/);
  await expect(place).toBeVisible();
  await expect(page.getByText(/^Country: .+, /)).toHaveCount(0);
});

test('every button of the profile editor has a name', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, baseURL!, 'member@example.com');
  await gotoApp(page, '/account/profile');
  await expect(page.getByRole('button', { name: 'Save my profile' })).toBeVisible();
  // a citizenship chosen (its remove button) is on the page; the answers are native selects (an empty first option
  // clears one), with no button of their own
  await expect(page.locator('main button[aria-label^="Remove "]').first()).toBeAttached();
  // every <button> in the page, including those Mantine hides from the accessibility tree yet a pointer can press
  const nameless = await page.locator('main button').evaluateAll((buttons) =>
    buttons
      .filter((b) => {
        const labelledBy = b.getAttribute('aria-labelledby');
        const name =
          b.getAttribute('aria-label') ??
          (labelledBy ? document.getElementById(labelledBy)?.textContent : null) ??
          b.getAttribute('title') ??
          b.textContent;
        return !name?.trim();
      })
      .map((b) => b.outerHTML.slice(0, 160)),
  );
  expect(nameless).toEqual([]);
});
