import { hydrated } from '../auth/helpers';
import { expect, test } from '../members/fixtures';

// What a page only shows keeps the server's markup (apps/web/src/lib/static-part.tsx, decision 221): the console's
// members table is the very nodes the server sent after the app has hydrated the page, its dates are the viewer's
// (the server writes them in its own zone), and its links move within the app without loading a page.

// UTC+14: every moment after 10:00 UTC is on the next day here, so the server's dates and the viewer's differ
const TIME_ZONE = 'Pacific/Kiritimati';

test('a shown-only table keeps the server nodes, shows the viewer dates and its links stay in the app', async ({
  browser,
  baseURL,
  staffState,
}) => {
  const context = await browser.newContext({ baseURL, storageState: staffState, timezoneId: TIME_ZONE });
  const page = await context.newPage();
  // the table the server sent, noted as the document is parsed, before any script of the app runs
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { serverTable?: Element | null }).serverTable = document.querySelector(
        'table[aria-label="Members"]',
      );
    });
  });
  await page.goto('/admin21/users?sort=joined&dir=asc');
  await hydrated(page);
  const table = page.getByRole('table', { name: 'Members' });
  await expect(table).toBeVisible();
  expect(
    await table.evaluate(
      (node) => (window as unknown as { serverTable?: Element | null }).serverTable === node,
    ),
  ).toBe(true);

  // each "Joined" date is the day of its moment in the viewer's zone
  const joined = await table.locator('time[data-moment="date"]').evaluateAll((times) =>
    times.map((time) => {
      const at = new Date((time as HTMLTimeElement).dateTime);
      const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
      return {
        shown: time.textContent,
        viewers: `${at.getDate()} ${months[at.getMonth()]} ${at.getFullYear()}`,
        utc: `${at.getUTCDate()} ${months[at.getUTCMonth()]} ${at.getUTCFullYear()}`,
      };
    }),
  );
  expect(joined.length).toBeGreaterThan(0);
  for (const { shown, viewers } of joined) expect(shown).toBe(viewers);
  // the seed's members joined at all hours: some on another day here than in UTC, the server's zone
  expect(joined.some(({ viewers, utc }) => viewers !== utc)).toBe(true);

  // a name in the table opens the member inside the app: the window (and this mark on it) stays
  await page.evaluate(() => ((window as unknown as { stayed?: boolean }).stayed = true));
  const firstName = table.getByTestId('member-row').first().getByRole('link').first();
  const href = await firstName.getAttribute('href');
  await firstName.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await context.close();
});
