import { seriousViolations } from '../a11y/helpers';
import { expect, test } from '@playwright/test';
import { gotoApp, loginByApi, registerByApi } from '../auth/helpers';

// How the client shows a failed call (apps/web/src/lib/api-errors.ts), seen from a member's page. The
// failures are made at the network edge, so each kind (an answer with a message, none, no answer at all) is
// certain.
test.describe('a failed call', () => {
  test.beforeEach(async ({ page, request }) => {
    const member = await registerByApi(request, 'snack');
    await loginByApi(page, member.email, member.password);
    await gotoApp(page, '/account?tab=settings');
    await expect(page.getByRole('button', { name: 'Download my data' })).toBeVisible();
  });

  test("shows the body's message in a snack-bar with 'Ok', and the loading bar stops", async ({ page }) => {
    await page.route('**/trpc/account.exportData**', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify([
          {
            error: {
              message: 'The export is resting; try again in a minute',
              code: -32603,
              data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503 },
            },
          },
        ]),
      }),
    );
    const snack = page.getByRole('alert').filter({ hasText: 'The export is resting; try again in a minute' });
    // a press before the settings tab's parts have hydrated is not replayed (decision 220): pressed again until
    // the app answers it
    await expect(async () => {
      await page.getByRole('button', { name: 'Download my data' }).click();
      await expect(snack).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByRole('progressbar', { name: 'Loading' })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    // by keyboard: the 'Ok' action closes it
    await snack.getByRole('button', { name: 'Ok' }).focus();
    await page.keyboard.press('Enter');
    await expect(snack).toHaveCount(0);
  });

  test("says 'please try again' when no answer came", async ({ page }) => {
    await page.route('**/trpc/account.exportData**', (route) => route.abort('connectionreset'));
    await expect(async () => {
      await page.getByRole('button', { name: 'Download my data' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'please try again' })).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Download my data' })).toBeEnabled();
  });
});
