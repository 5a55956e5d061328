import { gotoApp } from '../auth/helpers';
import { expect, holdBack, test } from './fixtures';

// The form is a real form (POST /training, apps/server/src/routes/training-form.ts): with the app it checks and
// sends by itself; pressed before the app has hydrated the page, or without JavaScript, the browser posts it and the
// server sends it back with the outcome.

const CONSENT = /I agree that Rhema Singles Ltd may email me/;

test('the early-signup form explains what is missing, then stores the signup', async ({ page }) => {
  // the app's own checks (and the focus on the first field to fix) are what this follows
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

  await page.getByRole('checkbox', { name: CONSENT }).check();
  await page.getByRole('button', { name: 'Join the early list' }).click();
  await expect(page.getByRole('status')).toContainText("You're on the early list");
});

test('signing up twice with the same email is answered kindly', async ({ page }) => {
  for (let i = 0; i < 2; i++) {
    // pressed whenever it comes: by the app, or posted by the browser before the app has hydrated the page
    await page.goto('/training');
    await page.getByRole('textbox', { name: 'First name' }).fill('Yaw');
    await page.getByRole('textbox', { name: 'Email address' }).fill('yaw.twice@example.com');
    await page.getByRole('checkbox', { name: CONSENT }).check();
    await page.getByRole('button', { name: 'Join the early list' }).click();
    await expect(page.getByRole('status')).toContainText("You're on the early list");
  }
});

test('a signup sent before the app has started is not lost: the browser posts the form', async ({ page }) => {
  // the app's entry script held back: the static page is the one being used
  const release = await holdBack(page, /\/assets\/index-[^/]+\.js$/);
  await page.goto('/training', { waitUntil: 'commit' });
  const form = page.locator('#root').getByRole('form', { name: 'Early signup for the training centre' });
  await form.getByRole('textbox', { name: 'First name' }).fill('Kojo');
  await form.getByRole('textbox', { name: 'Email address' }).fill('kojo.early@example.com');
  await form.getByRole('checkbox', { name: CONSENT }).check();
  await form.getByRole('button', { name: 'Join the early list' }).click();
  await expect(page).toHaveURL(/\/training\?signup=/);
  await expect(page.getByRole('status')).toContainText("You're on the early list");
  release();
});

test('what was typed before the app started is what the app sends', async ({ page }) => {
  const release = await holdBack(page, /\/assets\/index-[^/]+\.js$/);
  await page.goto('/training', { waitUntil: 'commit' });
  const form = page.locator('#root').getByRole('form', { name: 'Early signup for the training centre' });
  await form.getByRole('textbox', { name: 'First name' }).fill('Esi');
  await form.getByRole('textbox', { name: 'Email address' }).fill('esi.typed@example.com');
  await form.getByRole('checkbox', { name: 'Communication and conflict' }).check();
  await form.getByRole('checkbox', { name: CONSENT }).check();
  // the app hydrates the filled-in form: the fields keep what was typed, and the app's own submit sends it
  release();
  await expect(page.locator('html.hydrating')).toHaveCount(0);
  await expect(form.getByRole('textbox', { name: 'First name' })).toHaveValue('Esi');
  await expect(form.getByRole('checkbox', { name: CONSENT })).toBeChecked();
  await form.getByRole('button', { name: 'Join the early list' }).click();
  await expect(page.getByRole('status')).toContainText("You're on the early list");
  // sent by the app, not posted by the browser
  await expect(page).toHaveURL(/\/training$/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form shows what is missing, keeps what was typed, then stores the signup', async ({ page }) => {
    await page.goto('/training');
    await page.getByRole('textbox', { name: 'First name' }).fill('Adjoa');
    await page.getByRole('combobox', { name: 'Where do you live?' }).selectOption('GH');
    await page.getByRole('checkbox', { name: 'Money and shared goals' }).check();
    await page.getByRole('button', { name: 'Join the early list' }).click();

    await expect(page).toHaveURL(/\/training\?signup=/);
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Please agree to be emailed about the training centre')).toBeVisible();
    await expect(page.getByText('Please tell us your first name')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Email address' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    // what was typed comes back, but the email (not put in an address) and the consent (asked afresh)
    await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Adjoa');
    await expect(page.getByRole('combobox', { name: 'Where do you live?' })).toHaveValue('GH');
    await expect(page.getByRole('checkbox', { name: 'Money and shared goals' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: CONSENT })).not.toBeChecked();

    await page.getByRole('textbox', { name: 'Email address' }).fill('adjoa.nojs@example.com');
    await page.getByRole('checkbox', { name: CONSENT }).check();
    await page.getByRole('button', { name: 'Join the early list' }).click();
    await expect(page.getByRole('status')).toContainText("You're on the early list");
    await expect(page.getByRole('button', { name: 'Join the early list' })).toHaveCount(0);
  });
});
