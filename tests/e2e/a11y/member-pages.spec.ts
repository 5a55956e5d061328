// axe (serious and critical, colour contrast included) on every member page and every console page, signed in, in
// the light scheme and the dark one, at a desktop's width and a phone's. One visit per page: pages found through
// the product's links, each checked at both widths in both schemes. The premium page (/account/user/.../premium) is
// a step of the premium flow, not a page a member browses: tests/e2e/introductions covers it. The development
// provider's pages (/dev/identity, /dev/checkout) are the server's own HTML with no colour scheme:
// tests/e2e/account/verification.spec.ts.
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, loginByApi } from '../auth/helpers';
import { withConsentGiven } from '../public/fixtures';
import { friendsWithAMessage } from './friends';
import { axeEveryPageInBothSchemes } from './helpers';
import { CONSOLE_PAGES, MEMBER_PAGES } from './pages';

// a desktop and a phone: the phone's bottom tab bar, the console's menu and the narrow layouts are checked too; each
// page is loaded once and checked at both sizes
const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

test('every member page is axe clean in light and dark, on a desktop and a phone', async ({
  page,
  baseURL,
  playwright,
}) => {
  test.setTimeout(600_000);
  const { a } = await friendsWithAMessage(page, playwright, baseURL!);
  // a place at the first event /events lists that they may come to: its page shows the ticket and QR code
  const api = await playwright.request.newContext({ baseURL: baseURL! });
  const login = await api.post('/api/v1/auth/login', { data: { email: a.email, password: a.password } });
  expect(login.status(), await login.text()).toBe(200);
  const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const listed = await api.get('/api/v1/events', { headers: auth });
  expect(listed.status(), await listed.text()).toBe(200);
  const events = ((await listed.json()) as { data: { data: { _id: string; may_attend: boolean }[] } }).data
    .data;
  if (events[0]?.may_attend) {
    const rsvp = await api.post(`/api/v1/events/${events[0]._id}/rsvp`, { headers: auth, data: {} });
    expect(rsvp.status(), await rsvp.text()).toBe(200);
  }
  await api.dispose();

  await withConsentGiven(page, baseURL!);
  await loginByApi(page, a.email, a.password);
  const { findings, unreached } = await axeEveryPageInBothSchemes(page, MEMBER_PAGES, '/account', VIEWPORTS);
  expect({ unreached, findings }).toEqual({ unreached: [], findings: [] });
});

test('every console page is axe clean in light and dark, on a desktop and a phone', async ({
  page,
  baseURL,
}) => {
  // fifteen pages, each at two sizes in two schemes: minutes on a busy machine
  test.setTimeout(900_000);
  await withConsentGiven(page, baseURL!);
  await loginByApi(page, 'admin@example.com', DEMO_PASSWORD);
  const { findings, unreached } = await axeEveryPageInBothSchemes(page, CONSOLE_PAGES, '/admin21', VIEWPORTS);
  expect({ unreached, findings }).toEqual({ unreached: [], findings: [] });
});
