import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, gotoApp, loginByApi } from '../auth/helpers';

// A block covers introductions: once the owner of a pre-matched introduction blocks its contact, neither sees it,
// and the consultants' card says so (the users list and the member's introductions page).

interface Card {
  _id: string;
  user: { _id: string; first_name: string; account_email?: string | null };
  contact: { _id: string; first_name: string; account_email?: string | null } | null;
}

test('the console shows that the members of an introduction blocked each other', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await loginByApi(page, 'consultant@example.com', DEMO_PASSWORD);
  const list = await page.request.get('/api/v1/admin/user-introductions/pre/matched');
  expect(list.status(), await list.text()).toBe(200);
  // a generated pair (never the demo accounts other specs walk through), the last on the page
  const card = ((await list.json()) as { data: { data: Card[] } }).data.data
    .filter(
      (c) =>
        c.contact &&
        ![c.user.account_email, c.contact.account_email].some((e) =>
          /^(member2?|admin|consultant)@example\.com$/.test(e ?? ''),
        ),
    )
    .at(-1)!;
  expect(card).toBeDefined();

  // the owner signs in on the mobile API and blocks the contact
  const login = await request.post('/api/v1/auth/login', {
    data: { email: card.user.account_email, password: DEMO_PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  const blocked = await request.post('/api/v1/blocks', {
    data: { user_id: card.contact!._id },
    headers: auth,
  });
  expect(blocked.status(), await blocked.text()).toBe(200);
  const mine = await request.get('/api/v1/user-introductions', { headers: auth });
  expect(await mine.text()).not.toContain(card._id);

  await gotoApp(page, `/admin21/users/${card.user._id}/introductions`);
  const article = page.getByRole('article').filter({ hasText: `Contact: ${card.contact!.first_name}` });
  await expect(article.first()).toContainText(
    `Blocked: ${card.user.first_name} and ${card.contact!.first_name} have blocked each other`,
  );
});
