// The product says one thing one way: the friend-request limit its safety guide states is the one it enforces,
// a moment is written in one format, badges show their whole label and a page's title names what it shows.
import { gotoApp, loginByApi } from '../auth/helpers';
import { expect, test, withConsentGiven } from '../public/fixtures';
import { registerMember } from './helpers';

/** The one format of a moment (apps/web/src/lib/dates.ts): '23 Nov 2026, 11:12'. */
const MOMENT = /\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept|Oct|Nov|Dec) \d{4}, \d{2}:\d{2}\b/;

test('the safety guide and house rules state the friend-request limit the product enforces', async ({
  page,
  baseURL,
}) => {
  await withConsentGiven(page, baseURL!);
  const member = await registerMember(page, 'Limit');
  await loginByApi(page, member.email, member.password);
  const quota = await page.request.get('/trpc/friends.quota');
  expect(quota.status()).toBe(200);
  const { limit } = ((await quota.json()) as { result: { data: { limit: number } } }).result.data;
  for (const path of ['/safety', '/house-rules']) {
    await page.goto(path);
    await expect(page.getByRole('main')).toContainText(
      `each member can send up to ${limit} friend requests in any 24 hours`,
    );
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a member page and a community are named in the title; badges and moments read in full', async ({
    page,
    baseURL,
  }) => {
    await withConsentGiven(page, baseURL!);
    const member = await registerMember(page, 'Voice');
    await loginByApi(page, member.email, member.password);

    // a member's page: titled with their name; the friend quota's reset written as a moment
    await gotoApp(page, '/members');
    const first = page
      .getByRole('main')
      .getByRole('link', { name: /^[^,]+, \d+$/ })
      .first();
    const name = (await first.innerText()).trim();
    await first.click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(`${name} · Rhema`);
    await page.getByRole('button', { name: 'Send friend request' }).click();
    await expect(page.getByText('Friend request sent.')).toBeVisible();
    await gotoApp(page, '/account/friends');
    await expect(page.getByTestId('friend-quota')).toContainText('The next one frees up on');
    expect(await page.getByTestId('friend-quota').innerText()).toMatch(MOMENT);

    // a community: titled with its name; once joined, its badge in the list reads 'Joined' in full (an interest
    // community: joining a faith one asks for the special-category consent first)
    await gotoApp(page, '/communities?kind=interest');
    const community = page.getByRole('main').getByRole('article').first().getByRole('link').first();
    const communityName = (await community.innerText()).trim();
    await community.click();
    await expect(page).toHaveTitle(`${communityName} · Rhema`);
    await page.getByRole('button', { name: 'Join community' }).click();
    await expect(page.getByRole('button', { name: 'Leave community' })).toBeVisible();
    await gotoApp(page, '/communities');
    const badge = page
      .getByRole('article')
      .filter({ has: page.getByRole('link', { name: communityName, exact: true }) })
      .getByText('Joined', { exact: true });
    await expect(badge).toBeVisible();
    const cut = await badge.evaluate((label) => label.scrollWidth > label.clientWidth);
    expect(cut).toBe(false);
  });
});
