import type { Page } from '@playwright/test';
import { framesDrawn } from '../a11y/helpers';
import { expect, findPublicReference, holdBack, test } from './fixtures';

// Every public route of the site, with the text that proves it is the right page, and its own title and
// description.
const ROUTES: { path: string; heading: RegExp | string; text: (string | RegExp)[]; title: RegExp }[] = [
  {
    path: '/',
    heading: 'Find someone serious about a lasting relationship',
    text: [
      'Our vision and mission',
      'Events',
      'The average dating app user is rejected about 7 times a week.',
    ],
    title: /Singles and private matchmaking/,
  },
  {
    path: '/support',
    heading: 'Please Contact us',
    text: ['Click here for support'],
    title: /Contact and support/,
  },
  {
    path: '/private-match',
    heading: 'Private Matching',
    text: ['Choose a person', 'Send us their handle', 'We call them for you', 'Numbers are exchanged'],
    title: /Private Matching/,
  },
  {
    path: '/terms',
    heading: 'Terms of service',
    text: ['Last revised 16 February 2022', 'iOS subscriptions', 'Eligibility', 'Governing law'],
    title: /Terms of service/,
  },
  {
    path: '/privacy',
    heading: 'Privacy Policy',
    text: [
      'Effective and last updated 6 April 2023',
      'Identity verification notice',
      'stored in the United Kingdom',
    ],
    title: /Privacy Policy/,
  },
  {
    path: '/cookie-policy',
    heading: 'Cookie Policy',
    text: ['Google Tag Manager', 'cc_cookie', 'Cookie settings'],
    title: /Cookie Policy/,
  },
  {
    path: '/house-rules',
    heading: 'House Rules',
    text: ['Staying safe online', 'Meeting in person', 'Reporting abuse', 'Health tips'],
    title: /House Rules/,
  },
  {
    path: '/safety',
    heading: 'Safety guide',
    text: ['friend requests in any 24 hours', 'both people have accepted the friend request'],
    title: /Safety guide/,
  },
  { path: '/faq', heading: 'Frequently asked questions', text: [], title: /Frequently asked questions/ },
  {
    path: '/about',
    heading: 'About Rhema',
    text: ['Micro-communities', 'You choose, not an algorithm', 'An answer to dating fatigue'],
    title: /About Rhema/,
  },
  {
    path: '/downloads',
    heading: 'Instant video dates, the moment you match',
    text: [],
    title: /Download the Rhema app/,
  },
  {
    path: '/launch',
    heading: 'Rhema launch evening',
    text: ['Welcome', 'Guest List'],
    title: /Launch evening/,
  },
  {
    path: '/training',
    heading: 'Singles training center opens in July',
    text: ['Training and support'],
    title: /Training and support/,
  },
  {
    path: '/tv',
    heading: 'Rhema on TV',
    text: ['3 bachelors host 3 single ladies on a dinner date', 'spend 6 hours together in a house'],
    title: /reality dating show/,
  },
];

for (const route of ROUTES) {
  test(`${route.path} shows its content, title and description`, async ({ page }) => {
    await page.goto(route.path);
    await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
    for (const text of route.text) await expect(page.getByText(text).first()).toBeVisible();
    await expect(page).toHaveTitle(route.title);
    // the static page's head goes at the hand-over and the app's stays: check the one that stays
    await expect(page.locator('html.hydrating')).toHaveCount(0);
    const description = page.locator('meta[name="description"]');
    await expect(description).toHaveCount(1);
    expect((await description.getAttribute('content'))?.length).toBeGreaterThan(50);
  });
}

test('home: store badges and the footer links', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: /Google Play/ }).first()).toHaveAttribute(
    'href',
    /play\.google\.com/,
  );
  await expect(page.getByRole('link', { name: /App Store/ }).first()).toHaveAttribute(
    'href',
    /apps\.apple\.com/,
  );
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('© 2024 Rhema Singles Ltd');
  for (const [name, href] of [
    ['Terms', '/terms'],
    ['Policy', '/privacy'],
    ['Cookie Policy', '/cookie-policy'],
    ['House Rules', '/house-rules'],
  ] as const) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
});

test('the home search sends the typed reference to its private-match page', async ({ page }) => {
  const reference = await findPublicReference(page);
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Match reference' }).fill(reference);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`/private-match/${reference}$`));
  await expect(page).toHaveTitle(new RegExp(reference));
  await expect(page.getByRole('heading', { level: 1, name: 'Private match request' })).toBeVisible();
  await expect(page.getByText('Lives in:')).toBeVisible();
  await expect(page.getByText('Citizenship:')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'About me' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Photos' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Photo of / })).toBeVisible();
  // never an email address or a phone number
  const text = await page.locator('main').innerText();
  expect(text).not.toMatch(/@[a-z0-9-]+\.[a-z]/i);
  expect(text).not.toMatch(/\+\d{6,}/);
});

test('an unknown reference shows a clear not-found state with a new search', async ({ page }) => {
  await page.goto('/private-match/ZZZZZZ');
  await expect(page).toHaveTitle(/ZZZZZZ/);
  await expect(page.getByText('No match request found')).toBeVisible();
  await page.getByRole('textbox', { name: 'Match reference' }).fill('YYYYYY');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/private-match\/YYYYYY$/);
});

test('the 404 page is helpful', async ({ page }) => {
  await page.goto('/this-page-does-not-exist');
  await expect(page.getByRole('heading', { name: 'We could not find that page' })).toBeVisible();
  await expect(page).toHaveTitle(/Page not found/);
});

test('scroll position is restored when going back', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of service' })).toBeVisible();
  // the router keeps positions once the app runs (the static page before it is a page like any other)
  await expect(page.locator('html.hydrating')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(2200);
  // scroll, and wait for the scroll event: the router notes the scrolled target from it (a capturing listener on
  // document, added before this one: @tanstack/router-core scroll-restoration.js) and saves its position on leaving
  const scrolled = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        document.addEventListener('scroll', () => resolve(window.scrollY), { once: true, capture: true });
        window.scrollTo(0, 1500);
      }),
  );
  expect(scrolled).toBe(1500);
  // a click from script: Playwright's own click would first scroll the footer link into view
  await page.evaluate(() => document.querySelector<HTMLAnchorElement>('footer a[href="/about"]')?.click());
  await expect(page.getByRole('heading', { level: 1, name: 'About Rhema' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of service' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1500);
});

test('the mobile menu opens, navigates and closes', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  // the prerendered page's controls come alive when the app has hydrated it
  await expect(page.locator('html.hydrating')).toHaveCount(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await menu.getByRole('link', { name: 'Private Matching' }).click();
  await expect(page).toHaveURL(/\/private-match$/);
  await expect(menu).toBeHidden();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the public pages are served prerendered, with their title and description', async ({ page }) => {
    for (const [path, heading] of [
      ['/', 'Find someone serious about a lasting relationship'],
      ['/terms', 'Terms of service'],
      ['/private-match', 'Private Matching'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page).toHaveTitle(/Rhema/);
      await expect(page.locator('meta[name="description"]')).toHaveCount(1);
    }
  });

  test('the FAQ is rendered by the server with the questions from the database', async ({ page }) => {
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'How does private matchmaking work?' })).toBeVisible();
    await expect(page).toHaveTitle('Frequently asked questions · Rhema');
  });
});

test('the static page looks like the app: its inlined CSS alone styles it as the full stylesheets do', async ({
  browser,
  page,
}) => {
  const styles = (target: Page) =>
    target.evaluate(() => {
      const pick = (selector: string, properties: string[]) => {
        const element = document.querySelector(`#root ${selector}`);
        if (!element) return null;
        const computed = getComputedStyle(element);
        return properties.map((property) => `${property}: ${computed.getPropertyValue(property)}`);
      };
      return {
        header: pick('header', ['position', 'height', 'border-bottom-width', 'background-color']),
        heading: pick('h1', ['font-size', 'font-weight', 'color', 'line-height']),
        search: pick('button[type="submit"]', ['background-color', 'color', 'border-radius', 'height']),
        footer: pick('footer', ['background-color', 'padding-top']),
        body: [getComputedStyle(document.body).fontFamily, getComputedStyle(document.body).margin],
      };
    });
  const { baseURL } = test.info().project.use;
  const staticContext = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const staticPage = await staticContext.newPage();
  await staticPage.goto('/');
  await expect(staticPage.locator('link[data-deferred-css]').first()).toHaveAttribute('media', 'print');
  const withoutStylesheets = await styles(staticPage);
  await staticContext.close();

  await page.goto('/');
  await expect(page.locator('html.hydrating')).toHaveCount(0);
  const withStylesheets = await styles(page);
  expect(withoutStylesheets.heading).not.toBeNull();
  expect(withoutStylesheets.search).not.toBeNull();
  expect(withoutStylesheets).toEqual(withStylesheets);
});

test('the app switches the deferred stylesheets on when the page is first used, not while it loads', async ({
  page,
}) => {
  const media = () =>
    page
      .locator('link[data-deferred-css]')
      .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).media));
  await page.goto('/private-match');
  await expect(page.locator('html.hydrating')).toHaveCount(0);
  // hydrated, the cookie consent library started: the page drew nothing the inline rules lack
  await expect(page.locator('html[data-consent="started"]')).toBeAttached();
  expect((await media()).length).toBeGreaterThan(0);
  expect(new Set(await media())).toEqual(new Set(['print']));
  await page.keyboard.press('Tab');
  await expect.poll(async () => new Set(await media())).toEqual(new Set(['all']));
});

test('a prerendered page is hydrated by the app without duplicates', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.locator('html.hydrating')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.locator('title')).toHaveCount(1);
  await expect(page.locator('meta[name="description"]')).toHaveCount(1);
  // the app is live: client-side navigation works
  await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About Rhema' })).toBeVisible();
});

test('the server draws every part of a prerendered page: none is left for the app to draw anew', async ({
  request,
}) => {
  // <!--$!--> marks a part React's server render left to the browser (code not loaded yet): the app replaces its
  // nodes as it hydrates, and a press made on them meanwhile is lost
  for (const path of ['/', '/training', '/terms']) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('<!--$-->');
    expect(html, path).not.toContain('<!--$!-->');
  }
});

test('a visitor who scrolls while the page hydrates stays where they scrolled to', async ({ page }) => {
  const release = await holdBack(page, /\/assets\/index-[^/]+\.js$/);
  await page.goto('/training', { waitUntil: 'commit' });
  await page.locator('#root').getByRole('button', { name: 'Join the early list' }).scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(100);
  release();
  await expect(page.locator('html.hydrating')).toHaveCount(0);
  // the router's first render is done by the next frames
  await framesDrawn(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
});

test('a match reference searched before the app has started works without it: a plain form', async ({
  page,
}) => {
  // the app's entry script held back: the static page is the one being used
  const release = await holdBack(page, /\/assets\/index-[^/]+\.js$/);
  // module scripts run before DOMContentLoaded: wait for the response only
  await page.goto('/', { waitUntil: 'commit' });
  await page.locator('#root').getByRole('textbox', { name: 'Match reference' }).fill('ZZZZZZ');
  await page.locator('#root').getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/private-match\/ZZZZZZ$/);
  release();
});

test('a match reference sent with Enter before the page’s code has loaded goes to its page', async ({
  page,
}) => {
  // the page's own code held back: the app has started but not hydrated the form
  const release = await holdBack(page, /\/assets\/private-match\.index-[^/]+\.js$/);
  await page.goto('/private-match', { waitUntil: 'commit' });
  const field = page.locator('#root').getByRole('textbox', { name: 'Match reference' });
  await field.fill('ZZZZZZ');
  await field.press('Enter');
  await expect(page).toHaveURL(/\/private-match\/ZZZZZZ$/);
  release();
});
