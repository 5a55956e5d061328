import type { BrowserContext, Page } from '@playwright/test';
import { actAsPerson, expect, test } from './fixtures';

interface ConsentRecord {
  categories: string[];
  revision: number;
  data: unknown;
  consentTimestamp: string;
  consentId: string;
  services: Record<string, string[]>;
  lastConsentTimestamp: string;
}

async function consentCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((c) => c.name === 'cc_cookie');
  if (!cookie) return undefined;
  return { cookie, record: JSON.parse(decodeURIComponent(cookie.value)) as ConsentRecord };
}

const banner = (page: Page) => page.getByRole('dialog', { name: 'Cookies on Rhema' });
const preferences = (page: Page) => page.getByRole('dialog', { name: 'Cookie preferences' });
const DAY_S = 86_400;

/**
 * /cookie-policy is prerendered: its "Cookie settings" button does nothing until the app has hydrated it
 * (apps/web/src/main.tsx: the router's RouterClient), so a click that comes first does nothing.
 */
async function openCookieSettings(page: Page) {
  await page.goto('/cookie-policy');
  await expect(page.locator('html.hydrating')).toHaveCount(0);
  await page.getByRole('button', { name: 'Cookie settings' }).click();
  await expect(preferences(page)).toBeVisible();
}

/** The consent library has run and decided whether to show the banner (the mark of apps/web/src/lib/consent.ts). */
async function consentStarted(page: Page) {
  await expect(page.locator('html[data-consent="started"]')).toHaveCount(1);
}

/**
 * Listens for the consent library's `cc:onConsent` event (dispatched on window after its onConsent callback):
 * the returned function resolves once it has fired.
 */
async function consentEvent(page: Page): Promise<() => Promise<void>> {
  await page.evaluate(() => {
    (window as unknown as { consentGiven: Promise<void> }).consentGiven = new Promise((resolve) =>
      window.addEventListener('cc:onConsent', () => resolve(), { once: true }),
    );
  });
  return () => page.evaluate(() => (window as unknown as { consentGiven: Promise<void> }).consentGiven);
}

async function expectRecord(context: BrowserContext, categories: string[]) {
  // The page writes cc_cookie with document.cookie; the browser's cookie store, which context.cookies() reads, has
  // it a moment later (and a second save replaces an older record): wait for this choice rather than read once.
  await expect
    .poll(async () => (await consentCookie(context))?.record.categories.slice().sort(), {
      message: 'cc_cookie holds the choice',
    })
    .toEqual([...categories].sort());
  const { cookie, record } = (await consentCookie(context))!;
  expect(record.revision).toBe(1);
  expect(record.consentId).toMatch(/^[0-9a-f-]{36}$/);
  expect(Date.parse(record.consentTimestamp)).toBeGreaterThan(Date.now() - 60_000);
  expect(Date.parse(record.lastConsentTimestamp)).toBeGreaterThan(Date.now() - 60_000);
  expect(Object.keys(record.services).sort()).toEqual(['analytics', 'necessary']);
  expect(cookie.path).toBe('/');
  expect(cookie.sameSite).toBe('Lax');
  // http in tests: Secure is set on https only
  expect(cookie.secure).toBe(false);
  const days = (cookie.expires - Date.now() / 1000) / DAY_S;
  expect(days).toBeGreaterThan(181);
  expect(days).toBeLessThanOrEqual(182.01);
  return record;
}

const gtmRequested = (urls: string[]) =>
  urls.some((url) => url.startsWith('https://www.googletagmanager.com/'));
// the tag's script element; whether the browser then fetches it is up to the Content-Security-Policy (and the
// request would be blocked here anyway: no test reaches the internet)
const gtmScript = (page: Page) => page.locator('script[src^="https://www.googletagmanager.com/gtm.js?id="]');

test.describe('cookie consent', () => {
  test.beforeEach(async ({ page }) => {
    await actAsPerson(page);
  });

  test('nothing non-essential before a choice; accept all stores both categories and loads the tag', async ({
    page,
    context,
    external,
  }) => {
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    // the library's bar replaced the server's copy without a fade, and later openings animate again
    await consentStarted(page);
    await expect(page.locator('#cc-static')).toHaveCount(0);
    await expect(page.locator('html.consent-takeover')).toHaveCount(0);
    await expect(banner(page).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    await expect(banner(page).getByRole('link', { name: 'Cookie Policy' })).toHaveAttribute(
      'href',
      '/cookie-policy',
    );
    expect(await consentCookie(context)).toBeUndefined();
    expect(gtmRequested(external.urls)).toBe(false);

    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await expect(banner(page)).toBeHidden();
    await expectRecord(context, ['necessary', 'analytics']);
    await expect(gtmScript(page)).toHaveCount(1);

    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(banner(page)).toBeHidden();
  });

  test('reject all keeps necessary only, loads no tag and clears _ga cookies', async ({
    page,
    context,
    baseURL,
    external,
  }) => {
    await context.addCookies([
      { name: '_ga', value: 'GA1.1.123456789.1700000000', url: baseURL! },
      { name: '_ga_R8HM424', value: 'GS1.1.1700000000.1.0.1700000000.0.0.0', url: baseURL! },
      { name: 'unrelated', value: 'kept', url: baseURL! },
    ]);
    await page.goto('/');
    const consented = await consentEvent(page);
    await banner(page).getByRole('button', { name: 'Reject all' }).click();
    await expect(banner(page)).toBeHidden();
    await expectRecord(context, ['necessary']);
    // the library's consent callbacks (which load the tag when analytics is accepted) have run
    await consented();
    await expect
      .poll(async () => (await context.cookies()).map((c) => c.name).filter((name) => name.startsWith('_ga')))
      .toEqual([]);
    expect((await context.cookies()).some((c) => c.name === 'unrelated')).toBe(true);
    await expect(gtmScript(page)).toHaveCount(0);
    expect(gtmRequested(external.urls)).toBe(false);
  });

  test('custom choice: analytics is pre-ticked in the preferences and can be switched off', async ({
    page,
    context,
    external,
  }) => {
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Manage preferences' }).click();
    await expect(preferences(page)).toBeVisible();
    const necessary = preferences(page).getByRole('checkbox', { name: /Strictly necessary cookies/ });
    const analytics = preferences(page).getByRole('checkbox', { name: /Analytics cookies/ });
    await expect(necessary).toBeChecked();
    await expect(necessary).toBeDisabled();
    await expect(analytics).toBeChecked();
    // no force: the dialog slides in, and Playwright waits for the toggle to stand still and take the click
    await analytics.uncheck();
    await preferences(page).getByRole('button', { name: 'Save my choices' }).click();
    await expect(preferences(page)).toBeHidden();
    await expectRecord(context, ['necessary']);
    expect(gtmRequested(external.urls)).toBe(false);
    await expect(gtmScript(page)).toHaveCount(0);

    // changing one's mind later, from the cookie policy's settings toggle
    await openCookieSettings(page);
    await preferences(page)
      .getByRole('checkbox', { name: /Analytics cookies/ })
      .check();
    await preferences(page).getByRole('button', { name: 'Save my choices' }).click();
    await expect(preferences(page)).toBeHidden();
    await expectRecord(context, ['necessary', 'analytics']);
    await expect(gtmScript(page)).toHaveCount(1);
  });

  test('Escape closes the banner and the preferences', async ({ page }) => {
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(banner(page)).toBeHidden();

    await openCookieSettings(page);
    await page.keyboard.press('Escape');
    await expect(preferences(page)).toBeHidden();
  });

  test('on a phone the banner is a bar over at most a third of the screen, and the page stays usable by keyboard', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await consentStarted(page);
    await expect(banner(page)).toBeVisible();
    // not a modal dialog: the page behind it is not shut off from assistive technology
    await expect(banner(page)).toHaveAttribute('aria-modal', 'false');
    // settled where it stays (it slides in), along the bottom of the screen
    await expect
      .poll(async () => {
        const box = (await banner(page).boundingBox())!;
        return Math.round(box.y + box.height);
      })
      .toBe(844);
    const box = (await banner(page).boundingBox())!;
    expect(box.height, 'the bar covers at most a third of the screen').toBeLessThanOrEqual(844 / 3);
    expect(box.width).toBe(390);

    // Tab leaves the bar for the page (the library kept it inside the banner until an answer)
    await banner(page).getByRole('button', { name: 'Accept all' }).focus();
    const inBanner = () => page.evaluate(() => Boolean(document.activeElement?.closest('#cc-main')));
    let left = false;
    for (let press = 0; press < 8 && !left; press++) {
      await page.keyboard.press('Tab');
      left = !(await inBanner());
    }
    expect(left, 'Tab moves on from the banner to the page').toBe(true);
    // the home page's reference search is reached by keyboard, shown clear of the bar, and takes what is typed
    const search = page.getByRole('textbox', { name: 'Match reference' });
    for (let press = 0; press < 30; press++) {
      if (await search.evaluate((el) => el === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    await expect(search).toBeFocused();
    const field = (await search.boundingBox())!;
    const bar = (await banner(page).boundingBox())!;
    expect(field.y + field.height, 'the focused field is above the bar').toBeLessThanOrEqual(bar.y);
    expect(field.y).toBeGreaterThanOrEqual(0);
    await page.keyboard.type('K7M2QX');
    await expect(search).toHaveValue('K7M2QX');
    await expect(banner(page)).toBeVisible();
    // the bar's buttons still answer it
    await banner(page).getByRole('button', { name: 'Reject all' }).click();
    await expect(banner(page)).toBeHidden();
  });

  test("on a desktop the bar leaves the home page's reference search in view and usable", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/');
    await consentStarted(page);
    await expect(banner(page)).toBeVisible();
    const search = page.getByRole('textbox', { name: 'Match reference' });
    await expect
      .poll(async () =>
        Math.round((await banner(page).boundingBox())!.y + (await banner(page).boundingBox())!.height),
      )
      .toBe(900);
    const field = (await search.boundingBox())!;
    expect(field.y + field.height, 'the search box is above the bar').toBeLessThanOrEqual(
      (await banner(page).boundingBox())!.y,
    );
    // a click reaches it (nothing lies over it) and it takes what is typed
    await search.click();
    await page.keyboard.type('K7M2QX');
    await expect(search).toHaveValue('K7M2QX');
  });

  test('a new revision asks again, with the revision message', async ({ page, context, baseURL }) => {
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    const record = await expectRecord(context, ['necessary', 'analytics']);
    await context.addCookies([
      {
        name: 'cc_cookie',
        value: encodeURIComponent(JSON.stringify({ ...record, revision: 0 })),
        url: baseURL!,
        sameSite: 'Lax',
      },
    ]);
    await page.reload();
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toContainText('We have updated our cookie policy since your last visit');
  });

  test('the first visit shows no revision message', async ({ page }) => {
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).not.toContainText('We have updated our cookie policy');
  });
});

test.describe('cookie consent for bots', () => {
  test.use({ userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });

  test('a crawler sees no banner', async ({ page }) => {
    await actAsPerson(page);
    await page.goto('/cookie-policy');
    await consentStarted(page);
    await expect(banner(page)).toHaveCount(0);
  });
});

test('an automated browser (navigator.webdriver) sees no banner', async ({ page }) => {
  await page.goto('/');
  await consentStarted(page);
  await expect(banner(page)).toHaveCount(0);
});
