import { expect, test } from './fixtures';

test('the launch tabs follow #programme and #guest, and clicking a tab sets the hash', async ({ page }) => {
  await page.goto('/launch');
  await expect(page.getByRole('tab', { name: 'Welcome' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Welcome to the Rhema launch evening' })).toBeVisible();

  await page.goto('/launch#programme');
  await expect(page.getByRole('tab', { name: 'Programme' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Programme (5pm-9pm)' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '5:00pm' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '9:00pm' })).toBeVisible();

  await page.goto('/launch#guest');
  await expect(page.getByRole('tab', { name: 'Guest List' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Getting on the guest list' })).toBeVisible();

  await page.getByRole('tab', { name: 'Programme' }).click();
  await expect(page).toHaveURL(/\/launch#programme$/);
  await page.getByRole('tab', { name: 'Guest List' }).click();
  await expect(page).toHaveURL(/\/launch#guest$/);
  await page.getByRole('tab', { name: 'Welcome' }).click();
  await expect(page).toHaveURL(/\/launch$/);
});

test('the launch tabs work from the keyboard', async ({ page }) => {
  await page.goto('/launch');
  // a key pressed on the static page does nothing: the tabs need the app
  await expect(page.locator('html.hydrating')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Welcome' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Programme' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/#programme$/);
});
