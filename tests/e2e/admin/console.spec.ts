import { axeResults } from '../a11y/helpers';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, gotoApp, loginByApi, hydrated } from '../auth/helpers';

// The consultants' console in Chromium as the demo consultant: every screen with the product's texts, the
// URL-driven search (a reload gives the same results, Close clears the query), the changes with their dialogs,
// the request box, axe on every screen; a member is refused.

async function expectNoAxeViolations(page: Page) {
  const results = await axeResults(page, undefined, true);
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

async function closeSuccess(page: Page, message: string) {
  const dialog = page.getByRole('dialog', { name: 'Success' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(message, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * The e2e data (tests/playwright.config.ts seeds 60 members) holds about one page of introductions; the users list
 * pages them. The consultant registers introductions for generated members (admin.register, as the 'Create
 * introduction' form does) until the list has a second page, so that paging is tried for real.
 */
async function ensureTwoPagesOfIntroductions(page: Page) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const members = await page.request.get('/api/v1/user-introductions/pre/matched?min_age=20&max_age=75');
  const candidates = ((await members.json()) as { data: { data: { contact: Contact }[] } }).data.data
    .map((item) => item.contact)
    .filter((contact) => !/^member2?@example\.com$/.test(contact.account_email ?? ''));
  for (const owner of candidates) {
    const list = await page.request.get('/api/v1/admin/user-introductions/introduction/list');
    expect(list.status(), await list.text()).toBe(200);
    if (
      ((await list.json()) as { data: { paginator: { hasNextPage: boolean } } }).data.paginator.hasNextPage
    ) {
      return;
    }
    const registered = await page.request.post('/trpc/admin.register', {
      data: { userId: owner._id, details: 'Registered by the e2e paging test.' },
      headers: { 'x-xsrf-token': xsrf },
    });
    expect(registered.status(), await registered.text()).toBe(200);
  }
  throw new Error('not enough members to fill two pages of introductions');
}
/** The contact reference of a member other than `ownerId` (a suggestion code must name an active member). */
async function otherMemberReference(page: Page, ownerId: string): Promise<string> {
  const members = await page.request.get('/api/v1/user-introductions/pre/matched?min_age=20&max_age=75');
  const other = ((await members.json()) as { data: { data: { contact: Contact }[] } }).data.data
    .map((item) => item.contact)
    .find(
      (contact) => contact._id !== ownerId && !/^member2?@example\.com$/.test(contact.account_email ?? ''),
    )!;
  const view = await page.request.get(`/api/v1/admin/user-introductions/${other._id}`);
  return ((await view.json()) as { updated_user: { contact_reference: string } }).updated_user
    .contact_reference;
}
interface Contact {
  _id: string;
  account_email?: string | null;
}

test.describe('Management Console', () => {
  // long walks through many screens (the users list first registers a second page of introductions)
  test.describe.configure({ timeout: 90_000 });
  test.beforeEach(async ({ page }) => {
    await loginByApi(page, 'consultant@example.com', DEMO_PASSWORD);
  });

  test('dashboard and the users list: Activate/DeActivate, Update note, Update Code, paging', async ({
    page,
  }) => {
    await gotoApp(page, '/admin21');
    await expect(page.getByRole('heading', { level: 1, name: 'Management Console' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Rhema introductions' })).toHaveAttribute(
      'href',
      '/admin21/introductions/users',
    );
    const sidebar = page.getByRole('navigation', { name: 'Console' });
    await expect(sidebar.getByRole('link', { name: /^Requests/ })).toHaveAttribute(
      'href',
      '/admin21/requests',
    );
    await expectNoAxeViolations(page);

    await ensureTwoPagesOfIntroductions(page);
    await sidebar.getByRole('link', { name: 'Introductions' }).click();
    await expect(page).toHaveURL(/\/admin21\/introductions$/);
    const pageLabel = page.getByText(/^Page 1 of \d+$/);
    await expect(pageLabel).toBeVisible();
    const pages = Number(/of (\d+)$/.exec((await pageLabel.textContent()) ?? '')?.[1]);
    expect(pages).toBeGreaterThan(1);
    await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
    await expectNoAxeViolations(page);

    // pinned by its introduction id: other tests running meanwhile add introductions above it
    const cardTitle = await page.getByRole('article').first().getAttribute('aria-labelledby');
    const card = page.locator(`article[aria-labelledby="${cardTitle}"]`);
    const toggle = card.getByRole('button', { name: /^(Activate|DeActivate)$/ });
    if ((await toggle.textContent()) === 'DeActivate') {
      await toggle.click();
      await closeSuccess(page, 'DeActivated');
    }
    await card.getByRole('button', { name: 'Activate', exact: true }).click();
    await closeSuccess(page, 'Activated');
    await expect(card.getByText('ACTIVE', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'DeActivate' })).toBeVisible();

    await card.getByLabel("Consultant's note").fill('Spoke on the phone; prefers weekend calls');
    await card.getByRole('button', { name: 'Update note' }).click();
    // the product says 'DeActivated' here by mistake (docs/decisions/160-console-pairing.md)
    await closeSuccess(page, 'Note updated');
    // a code names a real member other than the owner
    const ownerId = /[0-9a-f-]{36}$/.exec(
      (await card.getByRole('link').first().getAttribute('href')) ?? '',
    )![0];
    const suggested = await otherMemberReference(page, ownerId);
    // a code nobody has: the server's message in the snack-bar (with its Ok), nothing added
    await card.getByLabel('Code').fill('ZZZZZZ');
    await card.getByRole('button', { name: 'Update Code' }).click();
    const snackbar = page.getByRole('alert').filter({ hasText: 'No active member has the code ZZZZZZ.' });
    await expect(snackbar).toBeVisible();
    await snackbar.getByRole('button', { name: 'Ok' }).click();
    await expect(snackbar).toBeHidden();
    await expect(card.getByText(/Codes: .*ZZZZZZ/)).toHaveCount(0);
    await card.getByLabel('Code').fill(suggested);
    await card.getByRole('button', { name: 'Update Code' }).click();
    await closeSuccess(page, 'Code added');
    await expect(card.getByText(new RegExp(`Codes: .*${suggested}`))).toBeVisible();
    // the suggested member beside the code, and pairing them: the match is set, the button goes
    const suggestions = card.getByRole('list', { name: 'Suggested members' });
    await expect(suggestions.getByText(new RegExp(`^${suggested}: \\S+, \\d+, `))).toBeVisible();
    const name = /: ([^,]+),/.exec(
      (await suggestions.getByText(new RegExp(`^${suggested}:`)).textContent()) ?? '',
    )![1]!;
    await expect(card.getByText(/^Stage: (Open|Rejected)$/)).toBeVisible();
    await suggestions.getByRole('button', { name: `Set ${suggested} as the match` }).click();
    await closeSuccess(page, 'Match set');
    await expect(card.getByText(new RegExp(`^Match: ${name}, \\d+`))).toBeVisible();
    await expect(card.getByText('Stage: Open', { exact: true })).toBeVisible();
    await expect(suggestions.getByRole('button', { name: `Set ${suggested} as the match` })).toHaveCount(0);
    await suggestions.getByRole('button', { name: `Remove code ${suggested}` }).click();
    await closeSuccess(page, 'Code removed');
    await expect(card.getByRole('list', { name: 'Suggested members' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(`Page 2 of ${pages}`, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back' })).toBeEnabled();
    // the last page: Next disabled at that end
    for (let at = 2; at < pages; at++) await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(`Page ${pages} of ${pages}`, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    for (let at = pages; at > 1; at--) await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByText(`Page 1 of ${pages}`, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();
  });

  test('Rhema introductions: URL-driven search, reload, close, min above max', async ({ page }) => {
    await gotoApp(page, '/admin21/introductions/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Rhema introductions' })).toBeVisible();
    await expect(page.getByText('A phone search overrides the other filters.')).toBeVisible();
    await expect(page.getByLabel('Country', { exact: true })).toHaveValue('GB');
    await expect(page.getByText('Age range: 22 to 40')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/min_age=22/);
    await expect(page).toHaveURL(/max_age=40/);
    const results = page.getByRole('article');
    await expect(results.first()).toBeVisible();
    await expect(page.getByText(/^Page 1 of (about )?\d+$/)).toBeVisible();
    const firstNames = await results.allTextContents();
    await expectNoAxeViolations(page);

    await page.reload();
    await hydrated(page);
    await expect(results.first()).toBeVisible();
    expect(await results.allTextContents()).toEqual(firstNames);

    const link = results.first().getByRole('link');
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/admin21\/members\/[0-9a-f-]{36}$/);

    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/admin21\/introductions\/users$/);
    await expect(page.getByRole('button', { name: 'Search' })).toBeVisible();

    await gotoApp(page, '/admin21/introductions/users?min_age=50&max_age=30');
    await expect(page.getByText('Minimun age cannot be greater that maximun age')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Search' })).toHaveCount(0);

    // a phone search overrides the others: the demo member by phone, whatever the age range
    await gotoApp(page, '/admin21/introductions/users?min_age=70&max_age=75&phone=%2B447700900103');
    await expect(page.getByRole('article')).toHaveCount(1);
    // the card is named by first name and age; its link reads the flag's country first
    const kemi = page.getByRole('article', { name: /^Kemi, \d+$/ });
    await expect(kemi.getByRole('link', { name: /^United Kingdom Kemi, \d+$/ })).toBeVisible();
    await expect(kemi.getByText('+447700900103', { exact: true })).toBeVisible();
  });

  test('member, user, owner and introductions views; create introduction', async ({ page }) => {
    await gotoApp(page, '/admin21/introductions/users?min_age=22&max_age=40&phone=%2B447700900104');
    const link = page.getByRole('article').first().getByRole('link');
    await link.click();
    await expect(page).toHaveURL(/\/admin21\/members\/[0-9a-f-]{36}$/);
    const memberId = page.url().split('/').at(-1)!;
    await expect(page.getByRole('heading', { name: 'Create introduction' })).toBeVisible();
    await expect(page.getByLabel('Add to public')).toHaveCount(0);
    await expect(page.getByLabel('Min age for spouse')).toHaveValue('30');
    await expect(page.getByLabel('Max age for spouse')).toHaveValue('50');
    for (const title of ['Citizenship', 'About me', 'Core values', 'Photos', 'Affiliations']) {
      await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
    }
    await expectNoAxeViolations(page);

    await gotoApp(page, `/admin21/users/${memberId}`);
    await expect(page.getByLabel('Add to public')).toBeVisible();
    await page.getByLabel('City').fill('Bristol');
    await page.getByLabel('Own height (cm)').fill('181');
    await page.getByRole('button', { name: 'Create introduction' }).click();
    // confirmed, and the new row brought into view (it has the focus)
    await expect(page.getByRole('status').filter({ hasText: 'Introduction created.' })).toBeVisible();
    const newRow = page.getByText(/ages 30 to 50, Open · SWITCHED OFF/).first();
    await expect(newRow).toBeFocused();
    await expect(newRow).toBeInViewport();
    await expectNoAxeViolations(page);

    await gotoApp(page, `/admin21/users/${memberId}/owner`);
    await expect(page.getByText('Owner', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Create introduction' })).toBeVisible();
    await expectNoAxeViolations(page);

    await gotoApp(page, `/admin21/users/${memberId}/introductions`);
    await expect(page.getByRole('heading', { level: 1, name: /^Introductions of Tunde$/ })).toBeVisible();
    await expect(page.getByText(/^Created /).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('introduction detail with its requests and the request box', async ({ page }) => {
    // Tunde (member2) owns a public introduction; the request is sent for a generated member, by code
    const search = await page.request.get('/api/v1/user-introductions/pre/matched?phone=%2B447700900104');
    const tunde = (await search.json()).data.data[0].contact._id as string;
    const others = await page.request.get(
      '/api/v1/user-introductions/pre/matched?min_age=20&max_age=75&page=2',
    );
    const someone = (await others.json()).data.data[0].contact._id as string;
    const view = await page.request.get(`/api/v1/admin/user-introductions/${someone}`);
    const code = (await view.json()).updated_user.contact_reference as string;

    await gotoApp(page, `/admin21/introductions/users/${tunde}`);
    await expect(page.getByRole('heading', { name: 'Dating preferences' })).toBeVisible();
    for (const label of [
      'Min age',
      'Max age',
      'Own height',
      'Min height',
      'State',
      'Country of residence',
      'City',
    ]) {
      await expect(page.getByRole('rowheader', { name: label, exact: true })).toBeVisible();
    }
    await expect(
      page.getByRole('rowheader', { name: "Consultant's comment from phone conversation" }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Request introduction' })).toBeVisible();
    await expect(page.getByText('I am interested in Tunde')).toBeVisible();
    await expect(page.getByText('Please note that its first come, first serve')).toBeVisible();
    await expect(
      page.getByText('Our consultants would reach out to Tunde to present all requests'),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    await gotoApp(page, `/admin21/introductions/users/${tunde}/requests`);
    await page.getByLabel("Member's code").fill(code);
    await page.getByLabel('Message').fill('He asked us to pass on that he would love to meet.');
    await page.getByRole('button', { name: 'Send introduction request' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send' });
    await expect(confirm.getByText('Do you want to send this request?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Introduction Request sent. Thanks.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Requests received (1)' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('pre-matched requests: owner and contact, the second photo links to the member page', async ({
    page,
  }) => {
    await gotoApp(page, '/admin21/requests?status=prematched');
    await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Pre-matched introductions' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const first = page.getByRole('article').first();
    await expect(first.getByText('Owner', { exact: true })).toBeVisible();
    await expect(first.getByText('Contact', { exact: true })).toBeVisible();
    await expect(first.getByRole('link').nth(1)).toHaveAttribute(
      'href',
      /^\/admin21\/members\/[0-9a-f-]{36}$/,
    );
    await expectNoAxeViolations(page);
  });
});

test('a member is refused the console', async ({ page }) => {
  await loginByApi(page, 'member@example.com', DEMO_PASSWORD);
  await gotoApp(page, '/admin21/users');
  await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
  const res = await page.request.get('/api/v1/admin/user-introductions/introduction/list');
  expect(res.status()).toBe(403);
});
