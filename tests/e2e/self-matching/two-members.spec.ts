import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_PASSWORD } from '../auth/helpers';
import {
  addPhoto,
  expectNoSeriousViolations,
  nameStamp,
  registerMember,
  signedInPage,
} from '../members/helpers';

// Issue 11's done-when, as one flow with two members in two browser contexts: each edits their profile and uploads
// a photo, both join a community, find each other in the members list, friend request and accept, exchange
// messages live, a report from the thread, a block (both disappear from each other's lists at once), and staff
// handle the report in /admin21/reports; axe clean on every page visited. The details of each page are in
// account/profile.spec.ts (refusals, EXIF) and members/messages.spec.ts (unread counts, the character limit).

/** The profile form (/account/profile): an occupation saved, a photo uploaded, which becomes the profile picture. */
async function editProfileWithPhoto(p: Page, occupation: string, colour: string) {
  await p.goto('/account/profile');
  await expect(p.getByRole('heading', { name: 'Edit my profile', level: 1 })).toBeVisible();
  await expectNoSeriousViolations(p);
  await p.getByRole('textbox', { name: 'Occupation' }).fill(occupation);
  await p.getByRole('button', { name: 'Save my profile' }).click();
  await expect(p.getByRole('status').filter({ hasText: 'Your profile has been saved.' })).toBeVisible();
  const photo = await sharp({ create: { width: 480, height: 480, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  await addPhoto(p, photo);
  await expect(p.getByRole('img', { name: 'Photo 1, your profile picture' })).toBeVisible();
  await expectNoSeriousViolations(p);
}

test('two members meet, become friends, message live, report and block; staff handle the report', async ({
  browser,
  baseURL,
  page,
}) => {
  test.setTimeout(420_000);
  const stamp = nameStamp();
  const aName = `Adaeze${stamp}`;
  const bName = `Bisola${stamp}`;
  const a = await registerMember(page, aName, 'GH');
  const b = await registerMember(page, bName, 'GH');
  const pa = await signedInPage(browser, baseURL!, a);
  const pb = await signedInPage(browser, baseURL!, b);

  // each edits their profile and adds a photo
  await editProfileWithPhoto(pa, 'Data analyst', '#8a4b2d');
  await editProfileWithPhoto(pb, 'Product designer', '#2d6a8a');

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

  // A finds B in the members list by community and country; B's profile shows the occupation and the photo
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
  await expect(pa.getByText('Product designer', { exact: true })).toBeVisible();
  // the profile picture (decorative beside the name, so without a text of its own)
  const bPhoto = pa.getByRole('main').locator('img[src^="/media/photos/"]').first();
  await expect(bPhoto).toBeVisible();
  expect((await pa.request.get((await bPhoto.getAttribute('src'))!)).status()).toBe(200);
  await expect(pa.getByTestId('friend-quota')).toContainText('You can send 10 more friend requests today');
  await expectNoSeriousViolations(pa);

  // B finds A in the members list too
  await pb.goto('/members?country_code=GH');
  await expect(pb.getByRole('link', { name: new RegExp(`^${aName}, \\d+$`) })).toBeVisible();

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
  await expectNoSeriousViolations(pa);

  // messages, live in both contexts: both threads open, one message each way
  await pa.getByRole('link', { name: `Message ${bName}` }).click();
  await expect(pa.getByRole('heading', { name: `Messages with ${bName}`, level: 1 })).toBeVisible();
  await pb.goto('/account/friends');
  await pb.getByRole('link', { name: `Message ${aName}` }).click();
  await expect(pb.getByRole('heading', { name: `Messages with ${aName}`, level: 1 })).toBeVisible();
  await expectNoSeriousViolations(pb);
  await pa.getByRole('textbox', { name: `Message to ${bName}` }).fill('Hello from the Tech & Product group!');
  await pa.getByRole('button', { name: 'Send' }).click();
  await expect(pb.getByTestId('message')).toHaveCount(1);
  await expect(pb.getByTestId('message')).toContainText('Hello from the Tech & Product group!');
  await pb.getByRole('textbox', { name: `Message to ${aName}` }).fill('Hi! Good to meet you here.');
  await pb.getByRole('button', { name: 'Send' }).click();
  await expect(pa.getByTestId('message')).toHaveCount(2);
  await expect(pa.getByTestId('message').nth(1)).toContainText('Hi! Good to meet you here.');
  await expect(pb.getByTestId('message')).toHaveCount(2);
  await expectNoSeriousViolations(pa);

  // A reports B from the thread
  await pa.getByRole('button', { name: 'Report' }).click();
  const dialog = pa.getByRole('dialog', { name: `Report ${bName}` });
  await dialog.getByRole('radio', { name: 'Scam, money or spam' }).check();
  await dialog.getByRole('textbox', { name: 'Tell us more (optional)' }).fill(`${bName} asked me for money`);
  await expectNoSeriousViolations(pa);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Thank you. Our team will review your report')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // and blocks B from B's profile: both disappear from each other's lists at once
  await pa.getByRole('link', { name: 'View profile' }).click();
  await pa.getByRole('button', { name: 'Block' }).click();
  await pa
    .getByRole('dialog', { name: `Block ${bName}?` })
    .getByRole('button', { name: 'Block' })
    .click();
  await expect(pa).toHaveURL(/\/members$/);
  await pa.goto('/members?country_code=GH');
  await expect(pa.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();
  await expect(pa.getByRole('region', { name: 'Members found' })).toBeVisible();
  await expect(pa.getByRole('link', { name: new RegExp(bName) })).toHaveCount(0);
  await pa.goto('/account/messages');
  await expect(pa.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  await expect(pa.getByRole('link', { name: new RegExp(bName) })).toHaveCount(0);
  await expectNoSeriousViolations(pa);
  await pa.goto('/account/friends');
  await expect(pa.getByRole('button', { name: `Unblock ${bName}` })).toBeVisible();
  await expect(pa.getByRole('link', { name: new RegExp(bName) })).toHaveCount(0);
  for (const path of ['/members?country_code=GH', '/account/friends', '/account/messages']) {
    await pb.goto(path);
    await expect(pb.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(pb.getByRole('link', { name: new RegExp(aName) })).toHaveCount(0);
  }

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
  await expectNoSeriousViolations(staff);

  await pb.goto('/account/friends');
  await expect(pb).toHaveURL(/\/auth\/login/);
});
