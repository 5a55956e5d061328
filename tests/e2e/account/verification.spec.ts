import type { Page } from '@playwright/test';
import { gotoApp, hydrated } from '../auth/helpers';
import { expect, test, type SignedUpMember } from '../members/fixtures';
import { expectNoSeriousViolations, nameStamp, trpcAs } from '../members/helpers';

// Identity verification through the development provider (docs/decisions/171-identity-verification-provider.md):
// a member verifies on the provider's page, and the verified badge shows on their account, on their profile, in
// Discover (where "Verified members only" finds them) and in the console's members table and member page, where a
// consultant revokes it with a reason the member reads. The development pages (identity check, checkout) are axe
// clean at a phone's and a desktop's width. Screenshots in test-results for a look.

// three members and a consultant, a dozen pages: room for a busy machine (the config's 60 s is for one page)
test.describe.configure({ timeout: 180_000 });

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;

const shot = (p: Page, name: string) =>
  p.screenshot({ path: `test-results/verification-${name}.png`, fullPage: true });

// France: no other e2e test registers members there, so the console's table filtered to it lists this test's
// members among a few seeded ones, on its first page
const COUNTRY = 'FR';

test('a member verifies through the development provider; the badge shows on the profile, in Discover and in the console, until staff revoke it', async ({
  signUp,
  staffPage,
}) => {
  const stamp = nameStamp();
  const [member, unverified, viewer] = await Promise.all([
    signUp(`Veritas${stamp}`, COUNTRY),
    // the same name and more: Discover's name search finds both until the filter leaves the verified one
    signUp(`Veritas${stamp}x`, COUNTRY),
    signUp(`Seeker${stamp}`),
  ]);
  const page = member.page;
  await page.setViewportSize({ width: 1366, height: 900 });

  // from the account to the verification page: why, the provider's notice, consent before starting
  await gotoApp(page, '/account');
  await page.getByRole('link', { name: 'Verify your identity' }).click();
  await expect(page.getByRole('heading', { name: 'Verify your identity', level: 1 })).toBeVisible();
  await expect(page.getByText('You have not verified your identity yet.')).toBeVisible();
  const start = page.getByRole('button', { name: 'Start verification' });
  await expect(start).toBeDisabled();
  await page.getByRole('checkbox', { name: /^I agree that the provider compares my face/ }).check();
  await expectNoSeriousViolations(page);
  await start.click();

  // the development provider's page: approving posts a signed webhook and sends the member back
  await expect(page).toHaveURL(/\/dev\/identity\/vs_dev_[0-9a-f]{24}$/);
  await expect(page.getByRole('heading', { name: 'Development identity check', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Approve: the document and the selfie match' }).click();
  await expect(page).toHaveURL(/\/account\/verification$/);
  await expect(page.getByText(/^Your identity is verified since /)).toBeVisible();
  const state = page.getByRole('region', { name: /^Your verification/ });
  await expect(state.getByTestId('verified-badge')).toHaveText('Verified');
  await expectNoSeriousViolations(page);
  await shot(page, 'verified');
  // their own profile card on /account
  await gotoApp(page, '/account');
  await expect(page.getByRole('link', { name: 'Your identity verification' })).toBeVisible();
  await expect(page.getByTestId('verified-badge')).toBeVisible();

  // another member: the name finds both; "Verified members only" leaves the verified one, badge on the card
  const seeker = viewer.page;
  await seeker.setViewportSize({ width: 1366, height: 900 });
  await gotoApp(seeker, `/members?name=${member.firstName}`);
  const cards = seeker.getByRole('article');
  await expect(cards).toHaveCount(2);
  const card = seeker.getByRole('article', { name: new RegExp(`^${member.firstName}, \\d+$`) });
  await expect(card.getByTestId('verified-badge')).toBeVisible();
  await expect(
    seeker
      .getByRole('article', { name: new RegExp(`^${unverified.firstName}, \\d+$`) })
      .getByTestId('verified-badge'),
  ).toHaveCount(0);
  await seeker.getByRole('button', { name: 'Filters' }).click();
  const drawer = seeker.getByRole('dialog', { name: 'Filters' });
  await drawer.getByRole('checkbox', { name: 'Verified members only' }).check();
  await expectNoSeriousViolations(seeker);
  await shot(seeker, 'filters');
  await drawer.getByRole('button', { name: 'Show members' }).click();
  await expect(drawer).toBeHidden();
  await expect(seeker).toHaveURL(/[?&]verified_only=true(&|$)/);
  await expect(seeker).toHaveURL(new RegExp(`[?&]name=${member.firstName}(&|$)`));
  await expect(seeker.getByTestId('filters-in-force')).toHaveText('Showing: Verified');
  await expect(seeker.getByRole('button', { name: 'Filters (1 on)' })).toBeVisible();
  await expect(cards).toHaveCount(1);
  await expect(card).toBeVisible();
  // the address alone gives the same list (a shared link, a reload)
  await seeker.reload();
  await hydrated(seeker);
  await expect(cards).toHaveCount(1);
  await expect(card.getByTestId('verified-badge')).toBeVisible();
  await expectNoSeriousViolations(seeker);
  // their profile page
  await card.getByRole('link', { name: new RegExp(`^${member.firstName}, \\d+$`) }).click();
  await expect(
    seeker.getByRole('heading', { name: new RegExp(`^${member.firstName}, \\d+$`), level: 1 }),
  ).toBeVisible();
  await expect(seeker.getByRole('main').getByTestId('verified-badge')).toBeVisible();

  // the console: the members table marks them, the member page too, and a consultant revokes with a reason
  const staff = await staffPage();
  await staff.setViewportSize({ width: 1366, height: 900 });
  await gotoApp(staff, `/admin21/users?country_code=${COUNTRY}`);
  await expect(staff.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  const row = staff.getByTestId('member-row').filter({
    has: staff.getByRole('link', { name: `${member.firstName} Tester`, exact: true }),
  });
  await expect(row.getByTestId('verified-badge')).toBeVisible();
  const otherRow = staff.getByTestId('member-row').filter({
    has: staff.getByRole('link', { name: `${unverified.firstName} Tester`, exact: true }),
  });
  await expect(otherRow).toBeVisible();
  await expect(otherRow.getByTestId('verified-badge')).toHaveCount(0);
  await expectNoSeriousViolations(staff);
  await shot(staff, 'console-table');
  await row.getByRole('link', { name: `${member.firstName} Tester`, exact: true }).click();
  await expect(
    staff.getByRole('heading', { name: new RegExp(`^${member.firstName}, \\d+$`), level: 1 }),
  ).toBeVisible();
  const verification = staff.getByRole('region', { name: 'Identity verification' });
  await expect(verification.getByText('Verified by the identity provider.')).toBeVisible();
  await expect(staff.getByRole('main').getByTestId('verified-badge').first()).toBeVisible();
  await verification.getByRole('button', { name: 'Revoke verification' }).click();
  const reason = 'The name on the document is not the name on the profile.';
  await verification.getByRole('textbox', { name: 'Reason (the member reads it)' }).fill(reason);
  await expectNoSeriousViolations(staff);
  await verification.getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(verification.getByText('Verification revoked: the member was told the reason.')).toBeVisible();
  await expect(staff.getByRole('main').getByTestId('verified-badge')).toHaveCount(0);

  // the member reads why; the badge is gone from Discover's verified list
  await gotoApp(page, '/account/verification');
  await expect(page.getByText('Your verification was withdrawn by our team')).toBeVisible();
  await expect(page.getByText(reason)).toBeVisible();
  await expect(page.getByTestId('verified-badge')).toHaveCount(0);
  await gotoApp(seeker, `/members?name=${member.firstName}&verified_only=true`);
  await expect(
    seeker.getByText(`No member called “${member.firstName}” matches these filters.`),
  ).toBeVisible();
});

/** A member's pending premium for an introduction a consultant made and switched on: its checkout address. */
async function checkoutOf(a: SignedUpMember, b: SignedUpMember, staff: Page) {
  const asked = (await trpcAs(a.page, 'matchRequests.create', { user_id: b.id })) as {
    request: { _id: string };
  };
  await trpcAs(staff, 'admin.introduceRequest', { request_id: asked.request._id });
  const mine = await a.page.request.get('/api/v1/match-requests');
  const matchId = (
    (await mine.json()) as { data: { data: { introduction_id: string | null }[] } }
  ).data.data.find((r) => r.introduction_id)!.introduction_id!;
  await trpcAs(staff, 'admin.activate', { id: matchId });
  const premium = (await trpcAs(a.page, 'subscriptions.createPremium', { matchId })) as {
    payment: { checkout_url: string | null };
  };
  return premium.payment.checkout_url!;
}

test('the development identity check and checkout pages are axe clean at 390x844 and 1366x900', async ({
  signUp,
  staffPage,
}) => {
  const stamp = nameStamp();
  const [a, b] = await Promise.all([signUp(`Axel${stamp}`), signUp(`Beatrix${stamp}`)]);
  const started = (await trpcAs(a.page, 'verification.start', {})) as { url: string };
  const checkout = await checkoutOf(a, b, await staffPage());
  expect(new URL(checkout).pathname).toMatch(/^\/dev\/checkout\/cs_dev_[0-9a-f]{24}$/);
  const page = a.page;
  for (const { name, width, height } of VIEWPORTS) {
    await page.setViewportSize({ width, height });
    await page.goto(new URL(started.url).pathname);
    await expect(page.getByRole('heading', { name: 'Development identity check', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Let the session expire' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await shot(page, `dev-identity-${name}`);
    await page.goto(new URL(checkout).pathname);
    await expect(page.getByRole('heading', { name: 'Development checkout', level: 1 })).toBeVisible();
    await expect(page.getByText('Rhema Premium, one match: £49.00')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Pay £49.00' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cancel and go back' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await shot(page, `dev-checkout-${name}`);
  }
});
