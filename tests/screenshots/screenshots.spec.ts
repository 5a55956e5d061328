// Writes docs/screenshots/<page>-<desktop|phone>.png (and a few -dark ones): the main member pages as the demo
// member Kemi (member@example.com) sees them, and the console's users list as the demo admin. 1x device scale,
// the first screen only, PNG reduced to a 256-colour palette, so the pictures stay small in the repository.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_PASSWORD, loginByApi } from '../e2e/auth/helpers';
import { signInByToken, trpcCall } from '../e2e/members/helpers';
import { withConsentGiven } from '../e2e/public/fixtures';

const OUT = join(import.meta.dirname, '../../docs/screenshots');
const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Pages with the name of their picture; a function gives the address once the data is known. */
const MEMBER_PAGES: readonly [name: string, path: string | ((ids: Ids) => string)][] = [
  ['home', '/'],
  ['account', '/account'],
  ['profile', '/account/profile'],
  ['members', '/members'],
  ['member', (ids) => `/members/${ids.member}`],
  ['communities', '/communities'],
  ['introductions', '/account/introductions'],
  ['messages', '/account/messages'],
  ['thread', (ids) => `/account/messages/${ids.friend}`],
];
const DARK = new Set(['home', 'account', 'members', 'thread']);

interface Ids {
  member: string;
  friend: string;
}

/** Kemi and Tunde (the two demo members) become friends and exchange a few messages: a thread worth showing. */
async function converse(request: APIRequestContext): Promise<string> {
  const kemi = await signInByToken(request, { email: 'member@example.com', password: DEMO_PASSWORD });
  const tunde = await signInByToken(request, { email: 'member2@example.com', password: DEMO_PASSWORD });
  // friends unless they already are (a seed may have made them)
  const sent = await request.post('/trpc/friends.send', {
    data: { user_id: tunde.id },
    headers: { authorization: `Bearer ${kemi.token}` },
  });
  if (sent.ok()) {
    const { result } = (await sent.json()) as { result: { data: { request: { _id: string } } } };
    await trpcCall(request, tunde.token, 'friends.accept', { request_id: result.data.request._id });
  }
  const lines: [typeof kemi, string][] = [
    [kemi, 'Hi Tunde! I saw we are both in the Lagos professionals community.'],
    [tunde, 'Hello Kemi, yes! I moved to London two years ago. How long have you been here?'],
    [kemi, 'Almost five years now. Are you coming to the meet-up on Saturday?'],
    [tunde, 'I am. It would be lovely to say hello in person.'],
  ];
  for (const [from, body] of lines)
    await trpcCall(request, from.token, 'messages.send', {
      user_id: from === kemi ? tunde.id : kemi.id,
      body,
    });
  return tunde.id;
}

async function shoot(page: Page, name: string) {
  await expect(page.locator('html.hydrating')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // images drawn, fonts settled
  await page.evaluate(async () => {
    await document.fonts.ready;
    // the images shown on the first screen (a lazy one further down or a hidden one never loads)
    const onScreen = [...document.images].filter((img) => {
      const box = img.getBoundingClientRect();
      return box.width > 0 && box.top < innerHeight;
    });
    await Promise.all(
      onScreen.map((img) => (img.complete ? null : new Promise((r) => (img.onload = img.onerror = r)))),
    );
  });
  const png = await page.screenshot({ animations: 'disabled', caret: 'hide' });
  const small = await sharp(png)
    .png({ palette: true, colours: 256, compressionLevel: 9, effort: 10 })
    .toBuffer();
  writeFileSync(join(OUT, `${name}.png`), small);
}

let friend = '';

test.beforeAll(async ({ playwright, baseURL }) => {
  mkdirSync(OUT, { recursive: true });
  const api = await playwright.request.newContext({ baseURL: baseURL! });
  friend = await converse(api);
  await api.dispose();
});

for (const viewport of VIEWPORTS) {
  test(`screenshots of the main member pages and the console on a ${viewport.name}`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const context = await browser.newContext({
      baseURL,
      viewport: { width: viewport.width, height: viewport.height },
      deviceScaleFactor: 1,
    });
    const page = await context.newPage();
    await withConsentGiven(page, baseURL!);
    await loginByApi(page, 'member@example.com', DEMO_PASSWORD);
    await page.goto('/members');
    const memberHref = await page.locator('main a[href^="/members/"]').first().getAttribute('href');
    const ids: Ids = { member: memberHref!.split('/').pop()!, friend };
    for (const [name, path] of MEMBER_PAGES) {
      const url = typeof path === 'string' ? path : path(ids);
      for (const scheme of DARK.has(name) ? (['light', 'dark'] as const) : (['light'] as const)) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(url);
        await shoot(page, `${name}-${viewport.name}${scheme === 'dark' ? '-dark' : ''}`);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await context.clearCookies();
    await withConsentGiven(page, baseURL!);
    await loginByApi(page, 'admin@example.com', DEMO_PASSWORD);
    await page.goto('/admin21/users');
    await shoot(page, `console-users-${viewport.name}`);
    await context.close();
  });
}
