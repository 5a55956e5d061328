import type { Page } from '@playwright/test';
import { expect, holdBack, test } from './fixtures';

// The three parts are links (/launch, ?tab=programme, ?tab=guest) in a navigation: the server renders the part a
// link asks for, so they work before the app has hydrated the page and without JavaScript; with the app, the router
// follows them in place.

const parts = (page: Page) => page.getByRole('navigation', { name: 'Launch evening' });

test('the launch parts are links, and the spec anchors #programme and #guest lead to them', async ({
  page,
}) => {
  await page.goto('/launch');
  await expect(parts(page).getByRole('link', { name: 'Welcome' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'Welcome to the Rhema launch evening' })).toBeVisible();

  // pressed whenever it comes: followed by the router, or by the browser before the app has hydrated the page
  await parts(page).getByRole('link', { name: 'Programme' }).click();
  await expect(page).toHaveURL(/\/launch\?tab=programme$/);
  await expect(parts(page).getByRole('link', { name: 'Programme' })).toHaveAttribute('aria-current', 'page');
  await expect(parts(page).getByRole('link', { name: 'Welcome' })).not.toHaveAttribute('aria-current');
  await expect(page.getByRole('heading', { name: 'Programme (5pm-9pm)' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '5:00pm' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '9:00pm' })).toBeVisible();

  await parts(page).getByRole('link', { name: 'Guest List' }).click();
  await expect(page).toHaveURL(/\/launch\?tab=guest$/);
  await expect(page.getByRole('heading', { name: 'Getting on the guest list' })).toBeVisible();
  await parts(page).getByRole('link', { name: 'Welcome' }).click();
  await expect(page).toHaveURL(/\/launch$/);
  await expect(page.getByRole('heading', { name: 'Welcome to the Rhema launch evening' })).toBeVisible();

  // the page's published anchors: a browser never sends the hash, so the app opens the part they name
  await page.goto('/launch#programme');
  await expect(page).toHaveURL(/\/launch\?tab=programme$/);
  await expect(page.getByRole('heading', { name: 'Programme (5pm-9pm)' })).toBeVisible();
  await page.goto('/launch#guest');
  await expect(page).toHaveURL(/\/launch\?tab=guest$/);
  await expect(page.getByRole('heading', { name: 'Getting on the guest list' })).toBeVisible();
});

test('the launch parts work from the keyboard', async ({ page }) => {
  await page.goto('/launch');
  await parts(page).getByRole('link', { name: 'Programme' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/launch\?tab=programme$/);
  await expect(parts(page).getByRole('link', { name: 'Programme' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'Programme (5pm-9pm)' })).toBeVisible();
});

test('a part pressed before the app has started opens: a plain link', async ({ page }) => {
  const release = await holdBack(page, /\/assets\/index-[^/]+\.js$/);
  await page.goto('/launch', { waitUntil: 'commit' });
  await parts(page).getByRole('link', { name: 'Guest List' }).click();
  await expect(page).toHaveURL(/\/launch\?tab=guest$/);
  await expect(page.getByRole('heading', { name: 'Getting on the guest list' })).toBeVisible();
  release();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('each part is a page the server renders, the guest list with it', async ({ page }) => {
    await page.goto('/launch');
    await expect(page.getByRole('heading', { name: 'Welcome to the Rhema launch evening' })).toBeVisible();
    await parts(page).getByRole('link', { name: 'Programme' }).click();
    await expect(page).toHaveURL(/\/launch\?tab=programme$/);
    await expect(parts(page).getByRole('link', { name: 'Programme' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('cell', { name: '8:00pm' })).toBeVisible();

    // the link in the welcome text
    await parts(page).getByRole('link', { name: 'Welcome' }).click();
    await page
      .getByRole('region', { name: 'Welcome to the Rhema launch evening' })
      .getByRole('link', { name: 'Guest List' })
      .click();
    await expect(page).toHaveURL(/\/launch\?tab=guest$/);
    await expect(page.getByRole('heading', { name: 'Getting on the guest list' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Who is coming' })).toBeVisible();
    // drawn by the server from the database: no loader waiting for a script
    await expect(page.getByLabel('Loading the guest list')).toHaveCount(0);
  });
});
