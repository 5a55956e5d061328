import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, gotoApp, loginByApi, hydrated } from '../auth/helpers';
import { expectNoSeriousViolations, nameStamp, registerMember, signedInPage } from '../members/helpers';

// The whole private-matchmaking loop in the browser: a member asks for an introduction from another member's
// profile; a consultant creates it from the Requests queue, live in that one action; the member starts premium and quotes
// its reference; the consultant confirms the payment (reference and amount shown, then asked); the member sends the
// request, the other accepts, and both message each other. A second test proposes a member as a match from their
// console page. Screenshots in test-results for a look.

const shot = (p: Page, name: string) =>
  p.screenshot({ path: `test-results/matchmaking-loop-${name}.png`, fullPage: true });

/** The same screen on a phone (390x844), then back to the desktop size. */
async function phoneShot(p: Page, name: string) {
  const size = p.viewportSize()!;
  await p.setViewportSize({ width: 390, height: 844 });
  await p.screenshot({ path: `test-results/matchmaking-loop-${name}-phone.png` });
  await p.setViewportSize(size);
}

test('ask, introduce, activate, pay, request, accept, message: the whole loop', async ({
  browser,
  baseURL,
  page,
}) => {
  test.setTimeout(300_000);
  const stamp = nameStamp();
  const aName = `Ifeoma${stamp}`;
  const bName = `Olumide${stamp}`;
  const a = await registerMember(page, aName, 'IE');
  const b = await registerMember(page, bName, 'IE');
  const pa = await signedInPage(browser, baseURL!, a);

  // 1. A asks from B's profile
  await gotoApp(pa, '/members?country_code=IE');
  await pa.getByRole('link', { name: new RegExp(`^${bName}, \\d+$`) }).click();
  await expect(pa.getByRole('heading', { name: new RegExp(`^${bName}, \\d+$`), level: 1 })).toBeVisible();
  await pa.getByRole('button', { name: 'Ask a consultant to introduce me' }).click();
  await expect(pa.getByRole('status').filter({ hasText: 'Request sent' })).toBeVisible();

  // 2. the consultant creates the introduction from the queue in one action: it is live, and the dialog says so
  const staff = await (await browser.newContext({ baseURL })).newPage();
  await loginByApi(staff, 'consultant@example.com', DEMO_PASSWORD);
  await gotoApp(staff, '/admin21/requests');
  const asked = staff.getByRole('article', { name: `${aName} asks to meet ${bName}` });
  await asked.getByRole('button', { name: 'Create the introduction with this match' }).click();
  const created = staff.getByRole('dialog', { name: 'Introduction created' });
  await expect(created).toContainText(`${aName}’s introduction to ${bName} is live: Open · ACTIVE.`);
  await expect(created).toContainText(`${bName} is told only when ${aName} requests it`);
  await expect(asked).toBeHidden();
  await expectNoSeriousViolations(staff);
  await created.getByRole('link', { name: `Open ${aName}’s introductions` }).click();
  await expect(staff.getByRole('heading', { name: `Introductions of ${aName}`, level: 1 })).toBeVisible();
  const owned = staff.getByRole('article', { name: /^Their introduction/ });
  await expect(owned).toContainText(`Contact: ${bName}`);
  await expect(owned.getByRole('heading', { level: 2 })).toHaveText('Their introduction: Open · ACTIVE');
  await expect(owned.getByRole('button', { name: 'DeActivate' })).toBeVisible();
  // the history says Created once, then the match and the switch
  await expect(owned.getByText(/^Created /)).toHaveCount(1);
  await expect(owned.getByText(/^Match set /)).toHaveCount(1);
  await expect(owned.getByText(/^Activated /)).toHaveCount(1);
  await expectNoSeriousViolations(staff);

  // 3. A sees B's card, starts premium and reads the reference to quote
  await gotoApp(pa, '/account/introductions');
  const intro = pa.getByRole('article', { name: `Your introduction to ${bName}` });
  await intro.getByRole('button', { name: `Request introduction: ${bName}` }).click();
  await pa
    .getByRole('dialog', { name: 'Premium for this introduction' })
    .getByRole('button', { name: 'Get premium' })
    .click();
  // A pays by bank transfer instead of the card checkout: back from it to the premium screen
  await pa.getByRole('link', { name: 'Cancel and go back' }).click();
  await hydrated(pa);
  await expect(pa.getByRole('heading', { name: 'Premium for your introduction', level: 1 })).toBeVisible();
  const reference = (await pa
    .getByText(/^Payment reference:/)
    .locator('strong')
    .textContent())!;
  expect(reference).toMatch(/\S/);

  // 4. the consultant finds the pending premium on A's page: reference and amount, asked before recording
  await staff.getByRole('link', { name: 'Back to the user' }).click();
  const premium = staff.getByRole('region', { name: 'Premium subscriptions' });
  await expect(premium).toContainText(`reference ${reference}, £49.00`);
  await premium.getByRole('button', { name: 'Confirm payment' }).click();
  const confirm = staff.getByRole('dialog', { name: 'Confirm payment' });
  await expect(confirm).toContainText('Amount: £49.00');
  await expect(confirm).toContainText(`Payment reference: ${reference}`);
  await expectNoSeriousViolations(staff);
  await shot(staff, 'confirm-payment');
  await phoneShot(staff, 'confirm-payment');
  await confirm.getByRole('button', { name: 'Record payment' }).click();
  await expect(confirm).toBeHidden();
  await expect(premium).toContainText(`active, reference ${reference}`);
  await expect(premium.getByRole('button', { name: 'Confirm payment' })).toHaveCount(0);
  // A's premium screen follows without a reload
  await expect(pa.getByText('Your premium is active')).toBeVisible();

  // 5. A requests, B accepts
  await gotoApp(pa, '/account/introductions');
  await expect(intro.getByText('Premium for this introduction: active')).toBeVisible();
  await intro.getByRole('button', { name: `Request introduction: ${bName}` }).click();
  const compose = pa.getByRole('dialog', { name: `Request an introduction to ${bName}` });
  await compose.getByRole('textbox', { name: 'Your message' }).fill('I would love to meet you');
  await compose.getByRole('button', { name: 'Continue' }).click();
  await compose.getByRole('button', { name: 'Send' }).click();
  await pa.getByRole('dialog', { name: 'Great news' }).getByRole('button', { name: 'Ok' }).click();
  await expect(intro.getByText('Requested', { exact: true })).toBeVisible();

  const pb = await signedInPage(browser, baseURL!, b);
  await gotoApp(pb, '/account/introductions');
  await pb.getByRole('button', { name: `Accept: ${aName}` }).click();
  const accept = pb.getByRole('dialog', { name: `Accept ${aName}'s introduction` });
  await accept.getByRole('textbox', { name: 'Your message' }).fill('Happy to talk');
  await accept.getByRole('button', { name: 'Continue' }).click();
  await accept.getByRole('button', { name: 'Send acceptance' }).click();
  await pb.getByRole('dialog', { name: 'Great news' }).getByRole('button', { name: 'Ok' }).click();

  // 6. the accepted cards offer "Message"; both write
  await pb.getByRole('link', { name: `Message ${aName}` }).click();
  await expect(pb.getByRole('heading', { name: `Messages with ${aName}`, level: 1 })).toBeVisible();
  await pa.reload();
  await hydrated(pa);
  // and a video call (the call page opens with a full navigation: a plain link)
  await expect(intro.getByRole('link', { name: `Video call with ${bName}` })).toHaveAttribute(
    'href',
    /^\/account\/messages\/[^/]+\/call$/,
  );
  await intro.getByRole('link', { name: `Message ${bName}` }).click();
  await expect(pa.getByRole('heading', { name: `Messages with ${bName}`, level: 1 })).toBeVisible();
  await pa
    .getByRole('textbox', { name: `Message to ${bName}` })
    .fill('Hello, glad our consultant introduced us');
  await pa.getByRole('button', { name: 'Send' }).click();
  await expect(pb.getByTestId('message')).toContainText('Hello, glad our consultant introduced us');
  await pb.getByRole('textbox', { name: `Message to ${aName}` }).fill('Hello! Likewise.');
  await pb.getByRole('button', { name: 'Send' }).click();
  await expect(pa.getByTestId('message').nth(1)).toContainText('Hello! Likewise.');
  await expectNoSeriousViolations(pa);
  await shot(pa, 'messages');
});

test('a consultant proposes a member as the match of an open introduction from the member page', async ({
  browser,
  baseURL,
  page,
}) => {
  test.setTimeout(180_000);
  const stamp = nameStamp();
  const ownerName = `Nkechi${stamp}`;
  const matchName = `Kwabena${stamp}`;
  await registerMember(page, ownerName, 'IE');
  await registerMember(page, matchName, 'IE');
  const staff = await (await browser.newContext({ baseURL })).newPage();
  await loginByApi(staff, 'consultant@example.com', DEMO_PASSWORD);

  // the owner's introduction, created with the console's form on their page
  await gotoApp(staff, '/admin21/introductions/users');
  await staff.getByRole('textbox', { name: 'First name' }).fill(ownerName);
  await staff.getByRole('button', { name: 'Search' }).click();
  await staff.getByRole('link', { name: new RegExp(`${ownerName}, \\d+$`) }).click();
  await staff.getByRole('button', { name: 'Create introduction' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'Introduction created.' })).toBeVisible();

  // the match's member page: propose them for the owner's open introduction
  await gotoApp(staff, '/admin21/introductions/users');
  await staff.getByRole('textbox', { name: 'First name' }).fill(matchName);
  await staff.getByRole('button', { name: 'Search' }).click();
  await staff.getByRole('link', { name: new RegExp(`${matchName}, \\d+$`) }).click();
  await staff.getByRole('button', { name: `Propose ${matchName} as a match` }).click();
  const dialog = staff.getByRole('dialog', { name: `Propose ${matchName} as a match` });
  await dialog.getByRole('textbox', { name: "Owner's first name" }).fill(ownerName);
  await dialog.getByRole('button', { name: 'Find' }).click();
  await expect(dialog.getByRole('listitem')).toHaveCount(1);
  await expect(dialog.getByRole('listitem')).toContainText('no match yet');
  await expectNoSeriousViolations(staff);
  await shot(staff, 'propose');
  await phoneShot(staff, 'propose');
  await dialog.getByRole('button', { name: `Propose as match for ${ownerName}` }).click();
  await expect(
    dialog
      .getByRole('status')
      .filter({ hasText: `${matchName} is now the match of ${ownerName}'s introduction.` }),
  ).toBeVisible();
  await dialog.getByRole('link', { name: `Open ${ownerName}'s introductions` }).click();
  await expect(staff.getByRole('article', { name: /^Their introduction/ })).toContainText(
    `Contact: ${matchName}`,
  );
});
