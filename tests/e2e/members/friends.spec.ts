import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from '../auth/helpers';
import { expectNoSeriousViolations, registerMember, signedInPage } from './helpers';

// Issue 11 with two members in two browser contexts: join a community, find each other in the members list,
// friend request and accept, report and block; staff handle the report in /admin21/reports.

test('two members meet in a community, become friends; a report is handled by staff', async ({
  browser,
  baseURL,
  page,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now()
    .toString(36)
    .slice(-4)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
  const aName = `Adaeze${stamp}`;
  const bName = `Bisola${stamp}`;
  const a = await registerMember(page, aName, 'GH');
  const b = await registerMember(page, bName, 'GH');
  const pa = await signedInPage(browser, baseURL!, a);
  const pb = await signedInPage(browser, baseURL!, b);

  // both join the same community
  for (const p of [pa, pb]) {
    await p.goto('/communities');
    await expect(p.getByRole('heading', { name: 'Communities', level: 1 })).toBeVisible();
    await p.getByRole('link', { name: 'Tech & Product People' }).click();
    await expect(p.getByRole('heading', { name: 'Tech & Product People', level: 1 })).toBeVisible();
    await p.getByRole('button', { name: 'Join community' }).click();
    await expect(p.getByRole('button', { name: 'Leave community' })).toBeVisible();
  }
  await expectNoSeriousViolations(pb);
  // B is on the community page as A sees it
  await pa.reload();
  await expect(pa.getByRole('link', { name: new RegExp(`^${bName}, \\d+$`) })).toBeVisible();
  await pa.goto('/communities');
  await expectNoSeriousViolations(pa);

  // A finds B in the members list by community and country
  await pa.goto('/members');
  await expect(pa.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();
  await expectNoSeriousViolations(pa);
  await pa.getByRole('combobox', { name: 'Country' }).click();
  await pa.getByRole('option', { name: 'Ghana' }).click();
  await pa.getByRole('combobox', { name: 'Community' }).click();
  await pa.getByRole('option', { name: 'Tech & Product People' }).click();
  await pa.getByRole('button', { name: 'Show members' }).click();
  await expect(pa).toHaveURL(/community=tech-and-product/);
  await expect(pa).toHaveURL(/country_code=GH/);
  await pa.getByRole('link', { name: new RegExp(`^${bName}, \\d+$`) }).click();
  await expect(pa.getByRole('heading', { name: new RegExp(`^${bName}, \\d+$`), level: 1 })).toBeVisible();
  await expect(pa.getByText('Communities: Tech & Product People')).toBeVisible();
  await expect(pa.getByTestId('friend-quota')).toContainText('You can send 10 more friend requests today');
  await expectNoSeriousViolations(pa);

  // friend request and accept
  await pa.getByRole('button', { name: 'Send friend request' }).click();
  await expect(pa.getByText('Friend request sent.')).toBeVisible();
  await pb.goto('/account/friends');
  const request = pb.getByRole('article', { name: new RegExp(`^${aName}, \\d+$`) });
  await expect(request).toBeVisible();
  await expectNoSeriousViolations(pb);
  await request.getByRole('button', { name: 'Accept' }).click();
  await expect(
    pb
      .getByRole('region', { name: 'Your friends' })
      .getByRole('link', { name: new RegExp(`^${aName}, \\d+$`) }),
  ).toBeVisible();
  await pa.goto('/account/friends');
  await expect(pa.getByTestId('friend-quota')).toContainText('You can send 9 more friend requests today');
  await expect(pa.getByTestId('friend-quota')).toContainText('The next one frees up on');
  await pa.getByRole('link', { name: new RegExp(`^${bName}, \\d+$`) }).click();
  await expect(pa.getByText(`You and ${bName} are friends.`)).toBeVisible();

  // A reports B from the profile
  await pa.getByRole('button', { name: 'Report' }).click();
  const dialog = pa.getByRole('dialog', { name: `Report ${bName}` });
  await dialog.getByRole('radio', { name: 'Scam, money or spam' }).check();
  await dialog.getByRole('textbox', { name: 'Tell us more (optional)' }).fill(`${bName} asked me for money`);
  await expectNoSeriousViolations(pa);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Thank you. Our team will review your report')).toBeVisible();

  // a consultant suspends B from the queue; B is signed out
  const staff = await signedInPage(browser, baseURL!, {
    email: 'consultant@example.com',
    password: DEMO_PASSWORD,
  });
  await staff.goto('/admin21/reports');
  await expect(staff.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  const card = staff.getByRole('article', { name: `Report about ${bName}` });
  await expect(card.getByText(`${bName} asked me for money`)).toBeVisible();
  await expectNoSeriousViolations(staff);
  await card.getByRole('textbox', { name: 'Reason for the suspension' }).fill('Asked a member for money');
  await card.getByRole('button', { name: 'Suspend member' }).click();
  await expect(card).toHaveCount(0);
  await staff.getByRole('tab', { name: 'Suspended' }).click();
  await expect(
    staff.getByRole('article', { name: `Report about ${bName}` }).getByText('Asked a member for money'),
  ).toBeVisible();

  await pb.goto('/account/friends');
  await expect(pb).toHaveURL(/\/auth\/login/);
  // and A no longer sees B anywhere
  await pa.goto('/account/friends');
  await expect(pa.getByRole('link', { name: new RegExp(bName) })).toHaveCount(0);
});

test('a block hides both members from each other at once', async ({ browser, baseURL, page }) => {
  test.setTimeout(90_000);
  const stamp = Date.now()
    .toString(36)
    .slice(-4)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
  const cName = `Chiamaka${stamp}`;
  const dName = `Dayo${stamp}`;
  const c = await registerMember(page, cName, 'ZA');
  const d = await registerMember(page, dName, 'ZA');
  const pc = await signedInPage(browser, baseURL!, c);
  const pd = await signedInPage(browser, baseURL!, d);
  await pc.goto('/members?country_code=ZA');
  await pc.getByRole('link', { name: new RegExp(`^${dName}, \\d+$`) }).click();
  await pc.getByRole('button', { name: 'Block' }).click();
  await pc
    .getByRole('dialog', { name: `Block ${dName}?` })
    .getByRole('button', { name: 'Block' })
    .click();
  await expect(pc).toHaveURL(/\/members$/);
  await pc.goto('/members?country_code=ZA');
  await expect(pc.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();
  await expect(pc.getByRole('link', { name: new RegExp(dName) })).toHaveCount(0);
  await pd.goto('/members?country_code=ZA');
  await expect(pd.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();
  await expect(pd.getByRole('region', { name: 'Members found' })).toBeVisible();
  await expect(pd.getByRole('link', { name: new RegExp(cName) })).toHaveCount(0);
  await pc.goto('/account/friends');
  await expect(pc.getByRole('button', { name: `Unblock ${dName}` })).toBeVisible();
});
