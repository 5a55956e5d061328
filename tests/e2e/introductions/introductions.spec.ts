import { seriousViolations } from '../a11y/helpers';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD, gotoApp, loginByApi, hydrated } from '../auth/helpers';

// The members' introductions flow on the demo data (packages/seed/src/demo.ts, addDemoIntroductions): Tunde
// (member2@) owns an open, pre-matched introduction to a generated member without premium, so his request
// answers 417 and takes the premium path; once the consultant confirms the payment it is sent, and that
// member accepts. Tunde has also asked to be introduced to Kemi (member@), who rejects it. Each test reads its own
// part of the seeded database (tests/playwright.config.ts seeds it afresh for every run), so they run at once.
test.describe.configure({ timeout: 120_000 });

const KEMI = { email: 'member@example.com', phone: '+447700900103' };
const TUNDE = { email: 'member2@example.com', phone: '+447700900104' };
const REQUEST_MESSAGE = 'Hello, I would love to talk.';

/** The other side of Tunde's open introduction, a generated member: who they are is read, not assumed. */
interface Match {
  introductionId: string;
  userId: string;
  firstName: string;
  email: string;
  phone: string;
}

async function signIn(page: Page, email: string) {
  await page.goto('/auth/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const card = (page: Page, heading: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: heading }) });
/** one introduction's card by its id (IntroductionCard labels it with its heading) */
const introductionCard = (page: Page, introductionId: string) =>
  page.locator(`article[aria-labelledby="introduction-${introductionId}"]`);

/** Signs a fresh context in through the API; the caller closes it. */
async function apiSession(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginByApi(page, email, DEMO_PASSWORD);
  const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  return { context, page, xsrf };
}

/** Tunde's own open introduction with a chosen match (the seed's 417 path), read before it changes. */
async function findMatch(browser: Browser): Promise<Match> {
  const tunde = await apiSession(browser, TUNDE.email);
  const list = await tunde.page.request.get('/api/v1/user-introductions');
  expect(list.status(), await list.text()).toBe(200);
  const introductions = (await list.json()).data as {
    _id: string;
    role: string;
    status: string;
    premium: string;
    contact: { _id: string; first_name: string } | null;
  }[];
  const open = introductions.filter(
    (i) => i.role === 'owner' && i.status === 'open' && i.contact && i.premium === 'none',
  );
  expect(open).toHaveLength(1);
  const [introduction] = open;
  await tunde.context.close();
  // the consultant knows the match's email and phone
  const staff = await apiSession(browser, 'consultant@example.com');
  const view = await staff.page.request.get(`/api/v1/admin/users/${introduction!.contact!._id}`);
  expect(view.status(), await view.text()).toBe(200);
  const profile = (await view.json()).data as { account_email: string; international_phone_number: string };
  await staff.context.close();
  const match = {
    introductionId: introduction!._id,
    userId: introduction!.contact!._id,
    firstName: introduction!.contact!.first_name,
    email: profile.account_email,
    phone: profile.international_phone_number,
  };
  expect(match.phone).toMatch(/^\+\d+$/);
  return match;
}

test('Tunde requests: 417 opens premium, he pays through the checkout, the request is sent; the match accepts and both see each other’s phone number', async ({
  page,
  browser,
}) => {
  const match = await findMatch(browser);
  // the introductions flag sends him to his introductions after sign-in
  await signIn(page, TUNDE.email);
  await expect(page).toHaveURL(/\/account\/introductions$/);
  const mine = introductionCard(page, match.introductionId);
  await expect(mine.getByRole('heading', { name: `Your introduction to ${match.firstName}` })).toBeVisible();
  await expect(mine.getByText('none (needed to request it)')).toBeVisible();
  // phone numbers stay hidden before both accept
  await expect(page.getByText(match.phone)).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await mine.getByRole('button', { name: /^Request introduction/ }).click();
  // without premium, its price and what it buys come before the message
  const offer = page.getByRole('dialog', { name: 'Premium for this introduction' });
  await expect(offer).toContainText('£49.00');
  await offer.getByRole('button', { name: 'Write my message' }).click();
  const dialog = page.getByRole('dialog', { name: `Request an introduction to ${match.firstName}` });
  const message = dialog.getByRole('textbox', { name: 'Your message' });
  await message.fill(REQUEST_MESSAGE);
  await expect(dialog.getByText(`${REQUEST_MESSAGE.length}/250 characters`)).toBeVisible();
  // at most 250 characters, whatever is typed
  await message.fill('x'.repeat(300));
  await expect(dialog.getByText('250/250 characters')).toBeVisible();
  await message.fill(REQUEST_MESSAGE);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Do you want to send this request?')).toBeVisible();
  const refused = page.waitForResponse((r) => r.url().includes('/trpc/introductions.request'));
  await dialog.getByRole('button', { name: 'Send' }).click();
  // the web client reads the status from the answer's body (tRPC has no 417; apps/web/src/lib/api-errors.ts)
  expect(await (await refused).text()).toMatch(/"httpStatus":417/);

  // 417: no error message, the premium flow instead
  const premium = page.getByRole('dialog', { name: 'Premium for this introduction' });
  await expect(premium).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  // "Get premium" opens the hosted checkout: the development checkout while no payment key is configured
  await premium.getByRole('button', { name: 'Get premium' }).click();
  await expect(page).toHaveURL(/\/dev\/checkout\/cs_dev_[0-9a-f]{24}$/);
  await expect(page.getByRole('heading', { name: 'Development checkout', level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // cancelled: back on the premium screen, which waits for the payment and offers the checkout again
  await page.getByRole('link', { name: 'Cancel and go back' }).click();
  await hydrated(page);
  await expect(page).toHaveURL(
    new RegExp(`/account/user/[^/]+/match/${match.introductionId}/sub/[^/]+/premium$`),
  );
  await expect(page.getByText('Waiting for your payment')).toBeVisible();
  await expect(page.getByText('How to complete your payment')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Pay £49.00 by card' }).click();
  // paid: the checkout calls our signed webhook and sends the member back, premium active
  await page.getByRole('link', { name: 'Pay £49.00' }).click();
  await expect(page).toHaveURL(/\/premium$/);
  // back from the checkout: a full page load, rendered by the server and then taken over by the app
  await expect(page.locator('html.hydrating')).toHaveCount(0);
  await expect(page.getByText('Your premium is active')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Go to my introductions' }).click();
  await expect(mine.getByText('Premium for this introduction: active')).toBeVisible();
  await mine.getByRole('button', { name: /^Request introduction/ }).click();
  await dialog.getByRole('textbox', { name: 'Your message' }).fill(REQUEST_MESSAGE);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: 'Send' }).click();
  const sent = page.getByRole('dialog', { name: 'Great news' });
  await expect(sent.getByText('Your introduction request has been sent. Good luck!')).toBeVisible();
  await sent.getByRole('button', { name: 'Ok' }).click();
  await expect(mine.getByText('Requested', { exact: true })).toBeVisible();
  await expect(page.getByText(match.phone)).toHaveCount(0);

  // the match accepts, in a browser of their own
  const matchContext = await browser.newContext();
  {
    const page = await matchContext.newPage();
    await signIn(page, match.email);
    await expect(page).toHaveURL(/\/account(\/introductions)?$/);
    await gotoApp(page, '/account/introductions');
    const fromTunde = introductionCard(page, match.introductionId);
    await expect(fromTunde.getByRole('heading', { name: 'Tunde would like to meet you' })).toBeVisible();
    await expect(fromTunde.getByText(REQUEST_MESSAGE)).toBeVisible();
    await expect(page.getByText(TUNDE.phone)).toHaveCount(0);
    await fromTunde.getByRole('button', { name: /^Accept/ }).click();
    const dialog = page.getByRole('dialog', { name: "Accept Tunde's introduction" });
    await dialog.getByRole('textbox', { name: 'Your message' }).fill('Happy to talk, Tunde.');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByRole('button', { name: 'Send acceptance' }).click();
    const sent = page.getByRole('dialog', { name: 'Great news' });
    await expect(sent.getByText('Your introduction acceptance has been sent. Good luck!')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await sent.getByRole('button', { name: 'Ok' }).click();
    await expect(fromTunde.getByText(TUNDE.phone)).toBeVisible();

    // Tunde sees the match's number, and his account says the match can see his, since today
    // axe needs a page of a context made with newContext()
    const tunde = await apiSession(browser, TUNDE.email);
    await gotoApp(tunde.page, '/account/introductions');
    await expect(introductionCard(tunde.page, match.introductionId).getByText(match.phone)).toBeVisible();
    await gotoApp(tunde.page, '/account');
    const phone = tunde.page.getByRole('region', { name: 'Who can see my phone number' });
    await expect(phone.getByText(new RegExp(`^${match.firstName}, since `))).toBeVisible();
    expect(await seriousViolations(tunde.page)).toEqual([]);
    await tunde.context.close();
  }
  await matchContext.close();
});

test('Kemi rejects Tunde’s request; a stale second tab gets the snack-bar for its accept', async ({
  page,
  context,
}) => {
  await loginByApi(page, KEMI.email, DEMO_PASSWORD);
  await gotoApp(page, '/account/introductions');
  const stale = await context.newPage();
  await gotoApp(stale, '/account/introductions');
  const request = (p: Page) =>
    card(p, 'Tunde would like to meet you').filter({ has: p.getByRole('button', { name: /^Reject/ }) });
  await expect(request(stale)).toBeVisible();

  await request(page)
    .getByRole('button', { name: /^Reject/ })
    .click();
  const dialog = page.getByRole('dialog', { name: "Reject Tunde's introduction" });
  await expect(dialog.getByText('Do you want to reject this introduction?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog).toHaveCount(0);
  // Kemi's seeded rejected introduction shows 'Rejected' too: this card's own badge
  await expect(
    card(page, 'Tunde would like to meet you').getByText('Rejected', { exact: true }),
  ).toBeVisible();

  // the other tab still offers Accept: the server refuses (409) and the snack-bar says why, with 'Ok'
  await request(stale)
    .getByRole('button', { name: /^Accept/ })
    .click();
  const acceptDialog = stale.getByRole('dialog', { name: "Accept Tunde's introduction" });
  await acceptDialog.getByRole('button', { name: 'Continue' }).click();
  await acceptDialog.getByRole('button', { name: 'Send acceptance' }).click();
  const snack = stale.getByRole('alert');
  await expect(snack).toBeVisible();
  await expect(snack.getByRole('button', { name: 'Ok' })).toBeVisible();
  await expect(snack).not.toContainText('please try again');
  await expect(stale.getByRole('progressbar', { name: 'Loading' })).toHaveCount(0);
  await stale.close();
});

test('a 401 on the introductions page signs out to /auth/login', async ({ page, request }) => {
  await loginByApi(page, KEMI.email, DEMO_PASSWORD);
  await gotoApp(page, '/account/introductions');
  await expect(page.getByRole('heading', { name: 'My introductions', level: 1 })).toBeVisible();
  const token = (await page.context().cookies()).find((c) => c.name === 'rhema_session')!.value;
  await request.post('/api/v1/auth/logout', { headers: { authorization: `Bearer ${token}` }, data: {} });
  await page.getByRole('link', { name: 'Go to my account' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
  ).toBeVisible();
});
