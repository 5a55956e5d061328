import { expect, test } from '@playwright/test';

test.describe('app shell', () => {
  test('home loads with the navigation and footer', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Contact' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Private Matching' })).toBeVisible();
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Instagram' })).toHaveAttribute('href', /instagram\.com/);
    await expect(footer).toContainText('© 2024');
    await expect(footer.getByRole('link', { name: 'Policy', exact: true })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });

  test('navigation moves between pages without a reload', async ({ page }) => {
    await page.goto('/');
    // the prerendered home is a plain page until the app has hydrated it (apps/web/src/main.tsx): a
    // link followed before that is a page load, as it should be
    await expect(page.locator('html')).not.toHaveClass(/\bhydrating\b/);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Private Matching' })
      .click();
    await expect(page).toHaveURL(/\/private-match$/);
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });

  test('/faq shows the seeded FAQs with the first one expanded', async ({ page, request }) => {
    const api = await request.get('/api/v1/faqs?faq_type=faqs');
    const body = (await api.json()) as { success: boolean; data: { title: string }[] };
    expect(body.success).toBe(true);
    expect(body.data.length).toBeGreaterThan(3);
    const [first, second] = body.data;

    await page.goto('/faq');
    const firstButton = page.getByRole('button', { name: first!.title });
    await expect(firstButton).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('button', { name: second!.title })).toHaveAttribute('aria-expanded', 'false');
    await expect(page).toHaveTitle(/Frequently asked questions/);
  });

  test('an unknown page shows a helpful 404', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'We could not find that page' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
  });
});
