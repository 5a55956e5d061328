import { test as base, expect, type Page } from '@playwright/test';

/** What the page asked of other hosts (none answers: the browser resolves no other name, tests/playwright.config.ts). */
export interface ExternalRequests {
  urls: string[];
}

// Listening, not routing: a route that sees every request turns Chromium's cache off and sends each request through
// the test's worker, which cost every page load its JavaScript again (bench/results/test-command.md).
export const test = base.extend<{ external: ExternalRequests }>({
  external: [
    async ({ context, baseURL }, use) => {
      const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
      const seen: ExternalRequests = { urls: [] };
      context.on('request', (request) => {
        const url = new URL(request.url());
        if (url.protocol.startsWith('http') && url.origin !== origin) seen.urls.push(request.url());
      });
      await use(seen);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * The banner hides from bots, and Playwright's Chromium says it is one (navigator.webdriver). Tests of the banner
 * present themselves as a person.
 */
export async function actAsPerson(page: Page) {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false, configurable: true });
  });
}

/** A valid consent record (necessary only), so pages can be checked without the banner on top. */
export async function withConsentGiven(page: Page, baseURL: string, categories = ['necessary']) {
  const now = new Date().toISOString();
  const value = {
    categories,
    revision: 1,
    data: null,
    consentTimestamp: now,
    consentId: '5f0b7c1e-8b9f-4c53-9a51-4a3c4b2a9d11',
    services: Object.fromEntries(categories.map((c) => [c, []])),
    lastConsentTimestamp: now,
    expirationTime: Date.now() + 182 * 86_400_000,
  };
  await page
    .context()
    .addCookies([
      { name: 'cc_cookie', value: encodeURIComponent(JSON.stringify(value)), url: baseURL, sameSite: 'Lax' },
    ]);
}

/** The first of the seeded members' references that opens (the seed makes some profiles hidden). */
export async function findPublicReference(page: Page): Promise<string> {
  const { contactReferenceFor } = await import('../../../packages/seed/src/users');
  for (let i = 0; i < 10; i++) {
    const reference = contactReferenceFor(i);
    const res = await page.request.get(`/api/v1/search/match?contact_reference=${reference}`);
    if (res.ok()) return reference;
  }
  throw new Error('no public member among the first 10 seeded references');
}

/**
 * Holds back the responses to URLs matching `pattern` (a page's code, say) until the returned function is called:
 * the prerendered page stays in front, as on a slow phone.
 */
export async function holdBack(page: Page, pattern: RegExp): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}
