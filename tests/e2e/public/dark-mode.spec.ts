// Dark mode: the system's setting is followed from the first paint (the script first in <head>, allowed by the
// Content-Security-Policy's hash, runs before any script file), and the header's switch picks a scheme that is
// remembered (localStorage) and set before the first paint of the next page.
import { gotoApp } from '../auth/helpers';
import { expect, test, withConsentGiven } from './fixtures';

const DARK_BODY = 'rgb(36, 36, 36)'; // Mantine's dark-7, --mantine-color-body in the dark scheme

test('the system dark scheme is set before any script file runs, on a prerendered page and the app shell', async ({
  page,
  baseURL,
}) => {
  await withConsentGiven(page, baseURL!);
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.emulateMedia({ colorScheme: 'dark' });
  // no script file at all: only the inline script in <head> can set the scheme
  await page.route(/\.js(\?|$)/, (route) => route.abort());
  for (const path of ['/', '/auth/login']) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), path).toBe(DARK_BODY);
  }
  expect(refused).toEqual([]);
});

test('the header switch picks dark, remembered for the next page, and back to following the system', async ({
  page,
  baseURL,
}) => {
  await withConsentGiven(page, baseURL!);
  await page.emulateMedia({ colorScheme: 'light' });
  await gotoApp(page, '/');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  const toggle = page.getByRole('banner').getByRole('button', { name: 'Dark mode' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');

  // the next page is dark from its first paint, before any script file
  await page.route(/\.js(\?|$)/, (route) => route.abort());
  await page.goto('/about');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(DARK_BODY);
  await page.unroute(/\.js(\?|$)/);

  // choosing light again, which the system says, goes back to following the system
  await gotoApp(page, '/about');
  await page.getByRole('banner').getByRole('button', { name: 'Dark mode' }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  expect(await page.evaluate(() => localStorage.getItem('mantine-color-scheme-value'))).toBe('auto');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
});
