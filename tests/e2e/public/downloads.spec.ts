import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

const playLink = (page: Page) => page.getByRole('link', { name: /Google Play/ });
const appStoreLink = (page: Page) => page.getByRole('link', { name: /App Store/ });

test.describe('/downloads on an iPhone', () => {
  test.use({ userAgent: IPHONE, viewport: { width: 390, height: 844 } });
  test('offers the App Store only, with the phone picture', async ({ page }) => {
    await page.goto('/downloads');
    await expect(page.getByRole('heading', { level: 1, name: /Instant video dates/ })).toBeVisible();
    await expect(page.locator('main [data-device]')).toHaveAttribute('data-device', 'iphone');
    await expect(appStoreLink(page)).toHaveAttribute('href', /apps\.apple\.com/);
    await expect(page.locator('main').getByRole('link', { name: /Google Play/ })).toHaveCount(0);
    await expect(page.getByRole('img', { name: 'A phone showing a Rhema video date' })).toBeVisible();
  });
});

test.describe('/downloads on an Android phone', () => {
  test.use({ userAgent: ANDROID, viewport: { width: 412, height: 915 } });
  test('offers Google Play only, with the phone picture', async ({ page }) => {
    await page.goto('/downloads');
    await expect(page.locator('main [data-device]')).toHaveAttribute('data-device', 'android');
    await expect(playLink(page)).toHaveAttribute('href', /play\.google\.com/);
    await expect(page.locator('main').getByRole('link', { name: /App Store/ })).toHaveCount(0);
    await expect(page.getByRole('img', { name: 'A phone showing a Rhema video date' })).toBeVisible();
  });
});

test.describe('/downloads on a desktop', () => {
  test.use({ userAgent: DESKTOP });
  test('offers both stores, with the two-phone picture', async ({ page }) => {
    await page.goto('/downloads');
    await expect(page.locator('main [data-device]')).toHaveAttribute('data-device', 'desktop');
    await expect(playLink(page)).toBeVisible();
    await expect(appStoreLink(page)).toBeVisible();
    await expect(
      page.getByRole('img', { name: 'Two phones on a Rhema video date with each other' }),
    ).toBeVisible();
    await expect(page.getByRole('img', { name: 'A phone showing a Rhema video date' })).toHaveCount(0);
  });
});
