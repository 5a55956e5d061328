// Every page at a phone's widths: none is wider than the screen (it would slide sideways, and the header's menu
// button would be cut off) at 320, 360, 390 and 414 px, and no button, badge or link drawn as a button cuts its
// own label short ("JOI…", "get a new cod") at 360 and 390 px. Signed out, signed in as a member (the pages found
// through the product's links, as the a11y walk finds them) and as staff. Each page is loaded once and resized.
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, gotoApp, loginByApi, registerByApi } from '../auth/helpers';
import { withConsentGiven, findPublicReference } from '../public/fixtures';
import { friendsWithAMessage } from '../a11y/friends';
import { framesDrawn, linksOnPage, walkPages } from '../a11y/helpers';
import { CONSOLE_PAGES, MEMBER_PAGES, PUBLIC_PATHS } from '../a11y/pages';

const WIDTHS = [320, 360, 390, 414];
/** where labels are checked for being cut short */
const LABEL_WIDTHS = new Set([360, 390]);
const HEIGHT = 844;
/** the pages a visitor reaches beside the public ones (a member page sends them to the login page) */
const VISITOR_PATHS = [...PUBLIC_PATHS, '/auth/login', '/auth/register', '/reset', '/account', '/members'];

/** What at this width sticks out of the screen, outermost elements only, or nothing. */
function sideways(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth <= width) return null;
    const out: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      const parent = el.parentElement?.getBoundingClientRect();
      if (box.width > 0 && box.right > width + 0.5 && !(parent && parent.right > width + 0.5))
        out.push(
          `<${el.tagName.toLowerCase()} class="${String(el.className).slice(0, 60)}"> ends at ${Math.round(box.right)}`,
        );
    }
    return `scroll width ${document.documentElement.scrollWidth}: ${out.slice(0, 5).join('; ')}`;
  });
}

/** The buttons, badges, choice chips and links drawn as buttons whose label does not fit them (scrollWidth > clientWidth). */
function clipped(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const candidates = document.querySelectorAll(
      'button, [role="button"], a.mantine-Button-root, .mantine-Badge-root, [data-chip]',
    );
    for (const el of candidates) {
      if (!(el instanceof HTMLElement) || !el.checkVisibility() || el.closest('[aria-hidden="true"]'))
        continue;
      // the element or the label inside it that hides what overflows it (Mantine's label spans do; a count drawn
      // over a button's corner overflows it on purpose, and shows)
      const cut = [el, ...el.querySelectorAll<HTMLElement>('*')].find(
        (part) =>
          part.clientWidth > 0 &&
          part.scrollWidth > part.clientWidth + 1 &&
          getComputedStyle(part).overflowX !== 'visible',
      );
      if (cut)
        found.push(
          `"${el.textContent!.trim().slice(0, 40)}" shows ${cut.clientWidth} of ${cut.scrollWidth} px`,
        );
    }
    return found;
  });
}

/** The page at every width: what scrolls sideways and what is cut short, each finding named with page and width. */
async function checkWidths(page: Page, url: string, findings: { sideways: string[]; clipped: string[] }) {
  const hrefs = new Set<string>();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    // what the app draws for this width (a media query read in a component) is drawn by the next frames
    await framesDrawn(page);
    const wide = await sideways(page);
    if (wide) findings.sideways.push(`${url} at ${width}: ${wide}`);
    if (LABEL_WIDTHS.has(width))
      for (const cut of await clipped(page)) findings.clipped.push(`${url} at ${width}: ${cut}`);
    for (const href of await linksOnPage(page)) hrefs.add(href);
  }
  return hrefs;
}

async function checkPaths(page: Page, paths: readonly string[]) {
  const findings = { sideways: [] as string[], clipped: [] as string[] };
  for (const path of paths) {
    await page.setViewportSize({ width: WIDTHS[0]!, height: HEIGHT });
    await gotoApp(page, path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await checkWidths(page, path, findings);
  }
  return findings;
}

test('no public page scrolls sideways or cuts a label short on a phone, for a visitor', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const reference = await findPublicReference(page);
  await withConsentGiven(page, baseURL!);
  const findings = await checkPaths(page, [...VISITOR_PATHS, `/private-match/${reference}`]);
  // the reset page once a code is on its way: the code, the new password and "Use another email or get a new code"
  await gotoApp(page, '/reset');
  await page.getByRole('textbox', { name: 'Email' }).fill('nobody.in.particular@example.test');
  await page.getByRole('button', { name: 'Request code' }).click();
  await expect(page.getByRole('button', { name: 'Use another email or get a new code' })).toBeVisible();
  await checkWidths(page, '/reset (code sent)', findings);
  expect(findings).toEqual({ sideways: [], clipped: [] });
});

test('no page scrolls sideways or cuts a label short on a phone, for a member', async ({
  page,
  baseURL,
  playwright,
}) => {
  test.setTimeout(600_000);
  const { a } = await friendsWithAMessage(page, playwright, baseURL!);
  await withConsentGiven(page, baseURL!);
  await loginByApi(page, a.email, a.password);
  const findings = { sideways: [] as string[], clipped: [] as string[] };
  const unreached = await walkPages(
    page,
    MEMBER_PAGES,
    '/account',
    { width: WIDTHS[0]!, height: HEIGHT },
    (url) => checkWidths(page, url, findings),
  );
  // the public pages with a member's header, and the first steps of a new member
  const more = await checkPaths(page, [...PUBLIC_PATHS, '/account/welcome']);
  expect({ unreached, sideways: [...findings.sideways, ...more.sideways] }).toEqual({
    unreached: [],
    sideways: [],
  });
  expect([...findings.clipped, ...more.clipped]).toEqual([]);
});

// The walk above meets the community cards of a member who has joined none, and the first step of the onboarding:
// a card with a long name beside "Joined" (the directory) or "Join" / "Joined" and "Leave" (the onboarding's
// communities step) is where a squeezed row cut the label to "JOI…" and "Jo".
test('community cards keep "Join", "Joined" and "Leave" whole beside a long name on a phone', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const member = await registerByApi(page.request, 'cards');
  await withConsentGiven(page, baseURL!);
  await loginByApi(page, member.email, member.password);
  const findings = { sideways: [] as string[], clipped: [] as string[] };
  // the onboarding's communities step: the photos and answers left empty
  await page.setViewportSize({ width: WIDTHS[0]!, height: HEIGHT });
  await gotoApp(page, '/account/welcome');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('heading', { name: 'Join communities' })).toBeVisible();
  await checkWidths(page, '/account/welcome (communities, none joined)', findings);
  // one with a long name joined: its card shows "Joined" and "Leave", the others "Join"
  const longName = 'Afrobeats & Amapiano Lovers';
  await page.getByRole('button', { name: `Join ${longName}` }).click();
  await expect(page.getByRole('button', { name: `Leave ${longName}` })).toBeVisible();
  await checkWidths(page, '/account/welcome (communities, one joined)', findings);
  // the directory: the joined card's badge beside its name, wrapped over two lines at these widths
  await page.setViewportSize({ width: WIDTHS[0]!, height: HEIGHT });
  await gotoApp(page, '/communities');
  const card = page.getByRole('article').filter({ hasText: longName });
  await expect(card.getByText('Joined')).toBeVisible();
  await checkWidths(page, '/communities (one joined)', findings);
  expect(findings).toEqual({ sideways: [], clipped: [] });
});

test('no console page scrolls sideways or cuts a label short on a phone', async ({ page, baseURL }) => {
  test.setTimeout(600_000);
  await withConsentGiven(page, baseURL!);
  await loginByApi(page, 'admin@example.com', DEMO_PASSWORD);
  const findings = { sideways: [] as string[], clipped: [] as string[] };
  const unreached = await walkPages(
    page,
    CONSOLE_PAGES,
    '/admin21',
    { width: WIDTHS[0]!, height: HEIGHT },
    (url) => checkWidths(page, url, findings),
  );
  expect({ unreached, ...findings }).toEqual({ unreached: [], sideways: [], clipped: [] });
});
