import type { Page } from '@playwright/test';
import { expect, test, type SignedUpMember } from '../members/fixtures';
import { expectNoSeriousViolations, nameStamp, trpcAs } from '../members/helpers';
import { gotoApp, hydrated } from '../auth/helpers';

// Members ask for a match inside the product, each step a test of its own on members of its own: a member asks
// for an introduction from another member's profile and from a card in the members list and sees both waiting; a
// consultant creates the introduction with one match and declines the other with a note, and the member sees each
// state on /account/introductions; the premium step says its price before the message, and keeps the draft. What
// a step needs from the steps before it is made through the API. Axe clean on each new screen; screenshots in
// test-results for a look.

// two or three members, several pages each: room for a busy machine (the config's 60 s is for one page's checks)
test.describe.configure({ timeout: 120_000 });

const shot = (p: Page, name: string) =>
  p.screenshot({ path: `test-results/match-request-${name}.png`, fullPage: true });

/** A member and the two they will ask for, of one country no other test uses (the list is pinned to them). */
async function threeMembers(signUp: (name: string, country?: string) => Promise<SignedUpMember>) {
  const stamp = nameStamp();
  return Promise.all([
    signUp(`Adaora${stamp}`, 'SW'),
    signUp(`Babatunde${stamp}`, 'SW'),
    signUp(`Chinedu${stamp}`, 'SW'),
  ]);
}

async function ask(from: SignedUpMember, to: SignedUpMember): Promise<string> {
  const sent = (await trpcAs(from.page, 'matchRequests.create', { user_id: to.id })) as {
    request: { _id: string };
  };
  return sent.request._id;
}

test('a member asks for introductions from a members list card and from a profile; both wait', async ({
  signUp,
}) => {
  const [a, b, c] = await threeMembers(signUp);
  const pa = a.page;

  // A asks for C from the members list card, and for B from B's profile, which shows B's handle
  await gotoApp(pa, '/members?country_code=SW');
  const cCard = pa.getByRole('article', { name: new RegExp(`^${c.firstName}, \\d+$`) });
  await expect(cCard.getByText(/^Handle: [2-9A-Z]{6}$/)).toBeVisible();
  await cCard.getByRole('button', { name: `Ask a consultant to introduce me to ${c.firstName}` }).click();
  await expect(cCard.getByRole('status')).toContainText(`a consultant will call ${c.firstName} for you`);
  await expectNoSeriousViolations(pa);
  await pa.getByRole('link', { name: new RegExp(`^${b.firstName}, \\d+$`) }).click();
  await expect(
    pa.getByRole('heading', { name: new RegExp(`^${b.firstName}, \\d+$`), level: 1 }),
  ).toBeVisible();
  await expect(pa.getByText(/^Handle: [2-9A-Z]{6}$/)).toBeVisible();
  await expect(pa.getByText('You can ask for 3 introductions in any 24 hours (2 left now).')).toBeVisible();
  await pa.getByRole('button', { name: 'Ask a consultant to introduce me' }).click();
  await expect(pa.getByRole('status').filter({ hasText: 'Request sent' })).toBeVisible();
  await shot(pa, 'profile');

  // the member's page lists both requests as waiting
  await gotoApp(pa, '/account/introductions');
  const requests = pa.getByRole('region', { name: 'Your requests to our consultants' });
  await expect(requests.getByRole('article')).toHaveCount(2);
  await expect(requests.getByText('Waiting for a consultant')).toHaveCount(2);
  await expectNoSeriousViolations(pa);
});

test('a consultant creates one introduction and declines the other with a note; the member sees both', async ({
  signUp,
  staffPage,
}) => {
  const [a, b, c] = await threeMembers(signUp);
  await ask(a, c);
  await ask(a, b);
  const [aName, bName, cName] = [a.firstName, b.firstName, c.firstName];

  // the consultant's queue: the sidebar's count, both cards, one introduced and one declined with a note
  const staff = await staffPage();
  await gotoApp(staff, '/admin21/requests');
  await expect(staff.getByRole('heading', { name: 'Requests', level: 1 })).toBeVisible();
  await expect(staff).toHaveTitle(/^Requests waiting · Requests · Management Console/);
  const sidebar = staff.getByRole('navigation', { name: 'Console' });
  for (const link of ['Users', 'Introductions', 'Requests', 'Reports', 'Members search']) {
    await expect(sidebar.getByRole('link', { name: new RegExp(`^${link}`) })).toBeVisible();
  }
  await expect(sidebar.getByRole('link', { name: /^Requests/ })).toContainText(/waiting/);
  const toB = staff.getByRole('article', { name: `${aName} asks to meet ${bName}` });
  const toC = staff.getByRole('article', { name: `${aName} asks to meet ${cName}` });
  await expect(toB).toBeVisible();
  await expect(toC).toBeVisible();
  await expectNoSeriousViolations(staff);
  await shot(staff, 'console-queue');
  await toB.getByRole('button', { name: 'Create the introduction with this match' }).click();
  const created = staff.getByRole('dialog', { name: 'Introduction created' });
  await expect(created).toContainText(`${aName}’s introduction to ${bName} is live`);
  await created.getByRole('button', { name: 'OK' }).click();
  await expect(created).toBeHidden();
  await expect(toB).toBeHidden();
  await toC.getByRole('button', { name: 'Decline' }).click();
  await toC.getByRole('textbox', { name: `Note to ${aName}` }).fill(`${cName} is not looking at the moment.`);
  await expectNoSeriousViolations(staff);
  await toC.getByRole('button', { name: 'Decline with this note' }).click();
  await expect(toC).toBeHidden();
  await staff.getByRole('tab', { name: 'Handled' }).click();
  await expect(staff).toHaveTitle(/^Requests handled · Requests/);
  await expect(toB.getByText('Introduction created', { exact: true })).toBeVisible();
  await expect(toC).toContainText(`Note to ${aName}: ${cName} is not looking at the moment.`);
  await expectNoSeriousViolations(staff);
  await shot(staff, 'console-handled');

  // the member sees each state, and the introduction the consultant created with B
  const pa = a.page;
  await gotoApp(pa, '/account/introductions');
  const requests = pa.getByRole('region', { name: 'Your requests to our consultants' });
  const toBMine = requests.getByRole('article', { name: `Your request to meet ${bName}` });
  await expect(toBMine.getByText('Introduction created')).toBeVisible();
  const toCMine = requests.getByRole('article', { name: `Your request to meet ${cName}` });
  await expect(toCMine.getByText('Declined')).toBeVisible();
  await expect(toCMine).toContainText(`Note from our consultants: ${cName} is not looking at the moment.`);
  const intro = pa.getByRole('article', { name: `Your introduction to ${bName}` });
  await expect(intro).toBeVisible();
  await expectNoSeriousViolations(pa);
  await shot(pa, 'introductions');

  // from the handled request to the member's introductions in the console, its title naming them
  await toB.getByRole('link', { name: `Open ${aName}’s introductions` }).click();
  await expect(staff.getByRole('heading', { name: `Introductions of ${aName}`, level: 1 })).toBeVisible();
  await expect(staff).toHaveTitle(new RegExp(`^Introductions of ${aName} · Management Console`));
});

test('the premium step says the price before the message, and keeps the draft', async ({
  signUp,
  staffPage,
}) => {
  const stamp = nameStamp();
  const [a, b] = await Promise.all([signUp(`Adaora${stamp}`, 'SW'), signUp(`Babatunde${stamp}`, 'SW')]);
  const bName = b.firstName;
  const staff = await staffPage();
  await trpcAs(staff, 'admin.introduceRequest', { request_id: await ask(a, b) });
  const pa = a.page;
  const intro = pa.getByRole('article', { name: `Your introduction to ${bName}` });

  // a consultant switches it on; the premium step says the price before the message, and keeps the draft
  const mine = await pa.request.get('/api/v1/match-requests');
  const matchId = (
    (await mine.json()) as { data: { data: { introduction_id: string | null }[] } }
  ).data.data.find((r) => r.introduction_id)!.introduction_id!;
  const xsrf = (await staff.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const activated = await staff.request.patch(
    `/api/v1/admin/user-introductions/introduction/${matchId}/activate`,
    { headers: { 'x-xsrf-token': xsrf, 'content-type': 'application/json' }, data: {} },
  );
  expect(activated.status(), await activated.text()).toBe(200);
  await gotoApp(pa, '/account/introductions');
  await intro.getByRole('button', { name: `Request introduction: ${bName}` }).click();
  const premium = pa.getByRole('dialog', { name: 'Premium for this introduction' });
  await expect(premium).toContainText('£49.00');
  await expect(premium).toContainText('Your phone numbers are exchanged when your match accepts');
  await expectNoSeriousViolations(pa);
  await shot(pa, 'premium-step');
  await premium.getByRole('button', { name: 'Write my message' }).click();
  const compose = pa.getByRole('dialog', { name: `Request an introduction to ${bName}` });
  await compose.getByRole('textbox', { name: 'Your message' }).fill('I would love to meet you');
  await compose.getByRole('button', { name: 'Cancel' }).click();
  // through the premium screens and back: the draft is still there
  await intro.getByRole('button', { name: `Request introduction: ${bName}` }).click();
  await premium.getByRole('button', { name: 'Get premium' }).click();
  await pa.getByRole('link', { name: 'Cancel and go back' }).click();
  await hydrated(pa);
  await expect(pa.getByRole('heading', { name: 'Premium for your introduction', level: 1 })).toBeVisible();
  await expect(pa.getByText('Price: £49.00, paid once for this match.')).toBeVisible();
  await pa.getByRole('link', { name: 'Go to my introductions' }).click();
  await intro.getByRole('button', { name: `Request introduction: ${bName}` }).click();
  await premium.getByRole('button', { name: 'Write my message' }).click();
  await expect(compose.getByRole('textbox', { name: 'Your message' })).toHaveValue(
    'I would love to meet you',
  );
});
