import { gotoApp, signUpByApi, hydrated, uniqueEmail } from '../auth/helpers';
import { expectNoSeriousViolations, nameStamp } from '../members/helpers';
import { expect, test } from '../members/fixtures';

// The console's members table (/admin21/users) as the demo consultant: filters, order and page in the address (a
// reload shows the same rows), keyset pages both ways, the search box on every console page (hidden members
// marked), the keys j/k, Enter, '/' and '?', and the console's menu on a phone. Other tests add members while this
// one runs: its own 22 members are pinned by a country and an age no other test registers with (85, Germany), and
// by their names.

const COUNT = 22;
const BORN = '1941-01-10'; // 85 on the day the tests run (and for years: the filter below is computed)
const age = (() => {
  const now = new Date();
  const born = new Date(`${BORN}T00:00:00Z`);
  let years = now.getUTCFullYear() - born.getUTCFullYear();
  if (now.getUTCMonth() < born.getUTCMonth() || (now.getUTCMonth() === 0 && now.getUTCDate() < 10)) years--;
  return years;
})();

test('members table: filters, order and keyset pages in the address; search and keys on every console page', async ({
  staffPage,
  request,
}) => {
  test.setTimeout(240_000);
  const stamp = nameStamp();
  const first = `Tabula${stamp}`;
  // last names in order: the name order is first name, then last name
  const lasts = Array.from({ length: COUNT }, (_, i) => `Row${String.fromCharCode(97 + i)}`);
  const members: { id: string; email: string; last: string }[] = [];
  for (const last of lasts) {
    const email = uniqueEmail(`table-${last.toLowerCase()}`);
    const id = await signUpByApi(request, {
      email,
      password: 'e2e passphrase for tests',
      first_name: first,
      last_name: last,
      date_of_birth: BORN,
      country_code: 'DE',
    });
    members.push({ id, email, last });
  }
  // the last one hides their profile: consultants still find them, marked
  const login = await request.post('/api/v1/auth/login', {
    data: { email: members[COUNT - 1]!.email, password: 'e2e passphrase for tests' },
  });
  const { token } = (await login.json()) as { token: string };
  const hidden = await request.put('/api/v1/profile/visibility', {
    data: { profile_visibility: 'hidden' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(hidden.status(), await hidden.text()).toBe(200);

  const page = await staffPage();
  await page.setViewportSize({ width: 1366, height: 900 });
  // the app has taken over the server's page before the filters are used
  await gotoApp(page, '/admin21/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page).toHaveTitle('Users · Management Console · Rhema');

  // the filters go to the address
  const filters = page.getByRole('form', { name: 'Filter members' });
  await filters.getByLabel('Country').selectOption('DE');
  await filters.getByLabel('Min age').fill(String(age));
  await filters.getByLabel('Max age').fill(String(age));
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/country_code=DE/);
  await expect(page).toHaveURL(new RegExp(`min_age=${age}`));
  await expect(page.getByText(`${COUNT} members`)).toBeVisible();
  const rows = page.getByTestId('member-row');
  const names = () => rows.getByRole('link', { name: new RegExp(`^${first} `) }).allTextContents();
  await expect(rows).toHaveCount(20);

  // by name, A to Z: the first 20 of ours, then the next page by keyset, then back
  await page.getByRole('columnheader', { name: /Name/ }).getByRole('link').click();
  await expect(page).toHaveURL(/sort=name/);
  await expect(page.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(names).toEqual(lasts.slice(0, 20).map((last) => `${first} ${last}`));
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2.*after=|after=.*page=2/);
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect.poll(names).toEqual(lasts.slice(20).map((last) => `${first} ${last}`));
  await expect(rows.nth(1).getByTestId('visibility-mark')).toHaveText('Hidden profile');
  // the address is the page: a reload shows the same rows
  await page.reload();
  await hydrated(page);
  await expect(page.locator('html.hydrating')).toHaveCount(0);
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect.poll(names).toEqual(lasts.slice(20).map((last) => `${first} ${last}`));
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/before=/);
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect.poll(names).toEqual(lasts.slice(0, 20).map((last) => `${first} ${last}`));
  // Z to A
  await page.getByRole('columnheader', { name: /Name/ }).getByRole('link').click();
  await expect(page).toHaveURL(/dir=desc/);
  await expect.poll(names).toEqual(
    lasts
      .slice(2)
      .reverse()
      .map((last) => `${first} ${last}`),
  );
  await expectNoSeriousViolations(page);

  // j/k move through the rows, Enter opens the focused one
  await page.getByRole('heading', { level: 1, name: 'Users' }).click();
  await page.keyboard.press('j');
  await expect(rows.nth(0).getByRole('link').first()).toBeFocused();
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('k');
  await expect(rows.nth(1).getByRole('link').first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin21\/members\//);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`${first}`) })).toBeVisible();

  // '?' lists the keys; '/' focuses the search box on this page too, which finds by name and marks the hidden one
  await page.keyboard.press('?');
  const keys = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(keys.getByRole('cell', { name: 'Find a member' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(keys).toBeHidden();
  await page.keyboard.press('/');
  const search = page.getByRole('searchbox', { name: 'Find a member' });
  await expect(search).toBeFocused();
  await search.pressSequentially(`${first} row`);
  const results = page.getByRole('listbox', { name: 'Members found' }).getByRole('option');
  await expect(results).toHaveCount(10);
  await expect(results.first()).toContainText(`${first} Rowa`);
  await search.fill(`${first} ${lasts[COUNT - 1]}`);
  await expect(results).toHaveCount(1);
  await expect(results.first()).toContainText('Hidden profile');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/admin21/members/${members[COUNT - 1]!.id}`));
  // the closed results stay in the page, hidden, with their own marks
  await expect(page.getByRole('listbox', { name: 'Members found' })).toBeHidden();
  await expect(page.getByRole('main').getByTestId('visibility-mark').filter({ visible: true })).toHaveText(
    'Hidden profile',
  );

  // a phone: the sidebar is a menu beside the search box
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoApp(page, `/admin21/users?sort=name&country_code=DE&min_age=${age}&max_age=${age}`);
  await expect(page.getByRole('navigation', { name: 'Console' })).toBeHidden();
  await expect(page.getByText(`${COUNT} members`)).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Console menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Console' });
  await expect(menu.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
  await expectNoSeriousViolations(page);
  await menu.getByRole('link', { name: 'Requests' }).click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/\/admin21\/requests/);
  await expect(page.getByRole('searchbox', { name: 'Find a member' })).toBeVisible();
});
