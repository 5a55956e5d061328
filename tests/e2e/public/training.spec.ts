import { gotoApp } from '../auth/helpers';
import { expect, test } from './fixtures';

// The form needs the app (its checks and its call): pressed before the app has hydrated the page, it does nothing.

test('the early-signup form explains what is missing, then stores the signup', async ({ page }) => {
  await gotoApp(page, '/training');
  await page.getByRole('button', { name: 'Join the early list' }).click();
  await expect(page.getByText('Please tell us your first name')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'First name' })).toBeFocused();

  await page.getByRole('textbox', { name: 'First name' }).fill('Abena');
  await page.getByRole('textbox', { name: 'Email address' }).fill('abena.e2e@example.com');
  await page.getByRole('combobox', { name: 'Where do you live?' }).selectOption('GH');
  await page.getByRole('checkbox', { name: 'Communication and conflict' }).check();
  await page.getByRole('button', { name: 'Join the early list' }).click();
  await expect(page.getByText('Please agree to be emailed about the training centre')).toBeVisible();

  await page.getByRole('checkbox', { name: /I agree that Rhema Singles Ltd may email me/ }).check();
  await page.getByRole('button', { name: 'Join the early list' }).click();
  await expect(page.getByRole('status')).toContainText("You're on the early list");
});

test('signing up twice with the same email is answered kindly', async ({ page }) => {
  for (let i = 0; i < 2; i++) {
    await gotoApp(page, '/training');
    await page.getByRole('textbox', { name: 'First name' }).fill('Yaw');
    await page.getByRole('textbox', { name: 'Email address' }).fill('yaw.twice@example.com');
    await page.getByRole('checkbox', { name: /I agree that Rhema Singles Ltd may email me/ }).check();
    await page.getByRole('button', { name: 'Join the early list' }).click();
    await expect(page.getByRole('status')).toContainText("You're on the early list");
  }
});
