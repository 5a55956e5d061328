import sharp from 'sharp';
import { expect, test, type SignedUpMember } from '../members/fixtures';
import { expectNoSeriousViolations, nameStamp, trpcAs } from '../members/helpers';
import { gotoApp } from '../auth/helpers';

// Self-matching between two members, each step a test of its own on members of its own: they find each other by
// community and country (the profile with its occupation and photo), a friend request accepted, a report from the
// thread and a block (both disappear from each other's lists at once), and staff handle a report in
// /admin21/reports. What a step needs from the steps before it is made through the API. Elsewhere: editing the
// profile and adding a photo in account/profile.spec.ts, live messages and unread counts in
// members/messages.spec.ts, axe on the member pages' lists in members/navigation.spec.ts.

// two or three members, several pages each: room for a busy machine (the config's 60 s is for one page's checks)
test.describe.configure({ timeout: 120_000 });

const TECH = { slug: 'tech-and-product', name: 'Tech & Product People' };

/** Two members of Ghana, named for this test. */
async function twoMembers(signUp: (name: string, country?: string) => Promise<SignedUpMember>) {
  const stamp = nameStamp();
  return Promise.all([signUp(`Adaeze${stamp}`, 'GH'), signUp(`Bisola${stamp}`, 'GH')]);
}

async function befriend(a: SignedUpMember, b: SignedUpMember) {
  const sent = (await trpcAs(a.page, 'friends.send', { user_id: b.id })) as { request: { _id: string } };
  await trpcAs(b.page, 'friends.accept', { request_id: sent.request._id });
}

const profileLink = (member: SignedUpMember) => new RegExp(`^${member.firstName}, \\d+$`);

test('members find each other by community and country; the profile shows the occupation and the photo', async ({
  signUp,
}) => {
  const [a, b] = await twoMembers(signUp);
  // B has an occupation, a photo, and the community
  await trpcAs(b.page, 'profile.update', {
    first_name: b.firstName,
    answers: { occupation: 'Product designer' },
  });
  const photo = await sharp({ create: { width: 480, height: 480, channels: 3, background: '#2d6a8a' } })
    .jpeg()
    .toBuffer();
  const xsrf = (await b.page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const uploaded = await b.page.request.post('/api/photos', {
    headers: { 'content-type': 'image/jpeg', 'x-xsrf-token': xsrf },
    data: photo,
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  await trpcAs(b.page, 'communities.join', { slug: TECH.slug });

  // A joins the community in the browser and sees B there
  const pa = a.page;
  await gotoApp(pa, '/communities');
  await expect(pa.getByRole('heading', { name: 'Communities', level: 1 })).toBeVisible();
  await pa.getByRole('link', { name: TECH.name }).click();
  await expect(pa.getByRole('heading', { name: TECH.name, level: 1 })).toBeVisible();
  await pa.getByRole('button', { name: 'Join community' }).click();
  await expect(pa.getByRole('button', { name: 'Leave community' })).toBeVisible();
  await expect(pa.getByRole('link', { name: profileLink(b) })).toBeVisible();
  await expectNoSeriousViolations(pa);

  // A finds B in the members list by community and country; B's profile shows the occupation and the photo
  await gotoApp(pa, '/members');
  await expect(pa.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();
  await pa.getByRole('button', { name: 'Filters' }).click();
  const filters = pa.getByRole('dialog', { name: 'Filters' });
  await filters.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'Ghana' });
  await filters.getByRole('combobox', { name: 'Community' }).selectOption({ label: TECH.name });
  await filters.getByRole('button', { name: 'Show members' }).click();
  await expect(pa).toHaveURL(/community=tech-and-product/);
  await expect(pa).toHaveURL(/country_code=GH/);
  await pa.getByRole('link', { name: profileLink(b) }).click();
  await expect(pa.getByRole('heading', { name: profileLink(b), level: 1 })).toBeVisible();
  await expect(pa.getByText(`Communities: ${TECH.name}`)).toBeVisible();
  await expect(pa.getByText('Occupation: Product designer', { exact: true })).toBeVisible();
  // the profile picture
  const bPhoto = pa.getByRole('main').locator('img[src^="/media/photos/"]').first();
  await expect(bPhoto).toBeVisible();
  expect((await pa.request.get((await bPhoto.getAttribute('src'))!)).status()).toBe(200);
  await expect(pa.getByTestId('friend-quota')).toContainText('You can send 10 more friend requests today');
  await expectNoSeriousViolations(pa);

  // B finds A in the members list too
  await gotoApp(b.page, '/members?country_code=GH');
  await expect(b.page.getByRole('link', { name: profileLink(a) })).toBeVisible();
});

test('a friend request sent from a profile is accepted on the friends page; the quota counts it', async ({
  signUp,
}) => {
  const [a, b] = await twoMembers(signUp);
  const [pa, pb] = [a.page, b.page];
  await gotoApp(pa, `/members/${b.id}`);
  await pa.getByRole('button', { name: 'Send friend request' }).click();
  await expect(pa.getByText('Friend request sent.')).toBeVisible();

  await gotoApp(pb, '/account/friends');
  const request = pb.getByRole('article', { name: profileLink(a) });
  await expect(request).toBeVisible();
  await expectNoSeriousViolations(pb);
  await request.getByRole('button', { name: 'Accept' }).click();
  await expect(
    pb.getByRole('region', { name: 'Your friends' }).getByRole('link', { name: profileLink(a) }),
  ).toBeVisible();

  await gotoApp(pa, '/account/friends');
  await expect(pa.getByTestId('friend-quota')).toContainText('You can send 9 more friend requests today');
  await expect(pa.getByTestId('friend-quota')).toContainText('The next one frees up on');
  await expect(pa.getByRole('link', { name: `Message ${b.firstName}` })).toBeVisible();
});

test('a member reports a friend from the thread and blocks them: both leave each other’s lists at once', async ({
  signUp,
}) => {
  const [a, b] = await twoMembers(signUp);
  await befriend(a, b);
  await trpcAs(b.page, 'messages.send', { user_id: a.id, body: 'Hi! Good to meet you here.' });
  const [pa, pb] = [a.page, b.page];

  // A reports B from the thread
  await gotoApp(pa, `/account/messages/${b.id}`);
  await expect(pa.getByRole('heading', { name: `Messages with ${b.firstName}`, level: 1 })).toBeVisible();
  await expect(pa.getByTestId('message')).toHaveCount(1);
  await pa.getByRole('button', { name: 'Report' }).click();
  const dialog = pa.getByRole('dialog', { name: `Report ${b.firstName}` });
  await dialog.getByRole('radio', { name: 'Scam, money or spam' }).check();
  await dialog
    .getByRole('textbox', { name: 'Tell us more (optional)' })
    .fill(`${b.firstName} asked me for money`);
  await expectNoSeriousViolations(pa);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Thank you. Our team will review your report')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // and blocks B from B's profile
  await pa.getByRole('link', { name: 'View profile' }).click();
  // the thread has a Block button too: press the profile's
  await expect(
    pa.getByRole('heading', { name: new RegExp(`^${b.firstName}, \\d+$`), level: 1 }),
  ).toBeVisible();
  await pa.getByRole('button', { name: 'Block' }).click();
  await pa
    .getByRole('dialog', { name: `Block ${b.firstName}?` })
    .getByRole('button', { name: 'Block' })
    .click();
  await expect(pa).toHaveURL(/\/members$/);
  await gotoApp(pa, '/members?country_code=GH');
  await expect(pa.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();
  await expect(pa.getByRole('region', { name: 'Members found' })).toBeVisible();
  await expect(pa.getByRole('link', { name: new RegExp(b.firstName) })).toHaveCount(0);
  await gotoApp(pa, '/account/messages');
  await expect(pa.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  await expect(pa.getByRole('link', { name: new RegExp(b.firstName) })).toHaveCount(0);
  await gotoApp(pa, '/account/friends');
  await expect(pa.getByRole('button', { name: `Unblock ${b.firstName}` })).toBeVisible();
  await expect(pa.getByRole('link', { name: new RegExp(b.firstName) })).toHaveCount(0);
  for (const path of ['/members?country_code=GH', '/account/friends', '/account/messages']) {
    await pb.goto(path);
    await expect(pb.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(pb.getByRole('link', { name: new RegExp(a.firstName) })).toHaveCount(0);
  }
});

test('a consultant suspends a reported member from the queue; the member is signed out', async ({
  signUp,
  staffPage,
}) => {
  const [a, b] = await twoMembers(signUp);
  await trpcAs(a.page, 'safety.report', {
    user_id: b.id,
    reason: 'scam',
    details: `${b.firstName} asked me for money`,
    source: 'thread',
  });
  await gotoApp(b.page, '/account/friends');
  await expect(b.page.getByRole('heading', { level: 1 })).toBeVisible();

  const staff = await staffPage();
  await gotoApp(staff, '/admin21/reports');
  await expect(staff.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  const card = staff.getByRole('article', { name: `Report about ${b.firstName}` });
  await expect(card.getByText(`${b.firstName} asked me for money`)).toBeVisible();
  await expectNoSeriousViolations(staff);
  await card.getByRole('textbox', { name: 'Reason for the suspension' }).fill('Asked a member for money');
  await card.getByRole('button', { name: 'Suspend member' }).click();
  await expect(card).toHaveCount(0);
  await staff.getByRole('tab', { name: 'Suspended' }).click();
  await expect(
    staff.getByRole('article', { name: `Report about ${b.firstName}` }).getByText('Asked a member for money'),
  ).toBeVisible();
  await expectNoSeriousViolations(staff);

  await gotoApp(b.page, '/account/friends');
  await expect(b.page).toHaveURL(/\/auth\/login/);
});
