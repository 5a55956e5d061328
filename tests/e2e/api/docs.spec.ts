import { expect, test } from '../public/fixtures';

// The API reference at /api/v1/docs (apps/server/src/rest/docs.ts): Swagger UI from this server, under its own
// Content-Security-Policy, reading /api/v1/openapi.json. Other hosts are blocked and recorded by the fixture.
test('the API reference renders every operation from this server alone, with no CSP violation', async ({
  page,
  external,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  await page.goto('/api/v1/docs');
  await expect(page.getByRole('heading', { name: /Rhema api\/v1/ })).toBeVisible();
  const document = (await (await page.request.get('/api/v1/openapi.json')).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  for (const path of Object.keys(document.paths)) {
    await expect(page.locator(`[data-path="${path}"]`).first()).toBeVisible();
  }

  // a signed-in operation shows its lock, and opening one shows its documented answers
  const me = page.locator('.opblock-get').filter({ has: page.locator('[data-path="/api/v1/auth/me"]') });
  await expect(me.locator('.authorization__btn')).toBeVisible();
  await me.locator('.opblock-summary-control').click();
  await expect(me.getByText('401', { exact: true }).first()).toBeVisible();

  expect(external.urls).toEqual([]);
  expect(problems).toEqual([]);
});
