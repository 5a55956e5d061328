import { seriousViolations } from '../a11y/helpers';
import { PUBLIC_PATHS } from '../a11y/pages';
import { actAsPerson, expect, findPublicReference, test, withConsentGiven } from './fixtures';

// the launch page's other parts too (each its own address)
const PATHS = [...PUBLIC_PATHS, '/launch?tab=programme', '/launch?tab=guest'];

// each page at a phone's width and a desktop's, in one visit: the viewport changes, the page stays
for (const path of PATHS) {
  test(`${path} has no serious or critical violation at 1280 and 360 px`, async ({ page, baseURL }) => {
    await withConsentGiven(page, baseURL!);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page), 'at 1280 px').toEqual([]);
    await page.setViewportSize({ width: 360, height: 800 });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page), 'at 360 px').toEqual([]);
  });
}

test('a member profile page has no serious or critical violation', async ({ page, baseURL }) => {
  const reference = await findPublicReference(page);
  await withConsentGiven(page, baseURL!);
  await page.goto(`/private-match/${reference}`);
  await expect(page.getByRole('heading', { name: 'About me' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the cookie banner and preferences have no serious or critical violation', async ({ page }) => {
  await actAsPerson(page);
  await page.goto('/');
  await expect(page.getByRole('dialog', { name: 'Cookies on Rhema' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Manage preferences' }).click();
  await expect(page.getByRole('dialog', { name: 'Cookie preferences' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the training form with its errors has no serious or critical violation', async ({ page, baseURL }) => {
  await withConsentGiven(page, baseURL!);
  // checked by the app, or posted by the browser before the app has hydrated the page: the same errors either way
  await page.goto('/training');
  await page.getByRole('button', { name: 'Join the early list' }).click();
  await expect(page.getByText('Please tell us your first name')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the training form thanking the visitor has no serious or critical violation', async ({
  page,
  baseURL,
}) => {
  await withConsentGiven(page, baseURL!);
  // sent by the app, or posted by the browser before the app has hydrated the page: the same thank-you
  await page.goto('/training');
  await page.getByRole('textbox', { name: 'First name' }).fill('Esi');
  await page.getByRole('textbox', { name: 'Email address' }).fill('esi.a11y@example.com');
  await page.getByRole('checkbox', { name: /I agree that Rhema Singles Ltd may email me/ }).check();
  await page.getByRole('button', { name: 'Join the early list' }).click();
  // a light green alert: its title's colour on its tint is what this checks
  await expect(page.getByRole('status')).toContainText("You're on the early list");
  expect(await seriousViolations(page)).toEqual([]);
});
