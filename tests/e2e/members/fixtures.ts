import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, loginByApi } from '../auth/helpers';
import { withConsentGiven } from '../public/fixtures';
import { registerMember, type Member } from './helpers';

/** A member of the test's own, signed in, in a browser context of their own. */
export interface SignedUpMember extends Member {
  id: string;
  page: Page;
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * For tests that build their state through the API and try one step in the browser: `signUp` makes a member of
 * the test's own and signs a new context in with the sign-up's own code (no login, no page loaded); `staffPage`
 * opens a context as the demo consultant from a session signed in once per worker (its stored state). The
 * contexts close with the test.
 */
export const test = base.extend<
  {
    signUp: (firstName: string, country?: string) => Promise<SignedUpMember>;
    staffPage: () => Promise<Page>;
  },
  { staffState: StorageState }
>({
  staffState: [
    async ({ browser }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL!;
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      await withConsentGiven(page, baseURL);
      await loginByApi(page, 'consultant@example.com', DEMO_PASSWORD);
      const state = await context.storageState();
      await context.close();
      await use(state);
    },
    { scope: 'worker' },
  ],
  signUp: async ({ browser, baseURL }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (firstName, country = 'GB') => {
      const context = await browser.newContext({ baseURL });
      contexts.push(context);
      const page = await context.newPage();
      await withConsentGiven(page, baseURL!);
      const member = await registerMember(context.request, firstName, country, context.request);
      return { ...member, page };
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
  staffPage: async ({ browser, baseURL, staffState }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async () => {
      const context = await browser.newContext({ baseURL, storageState: staffState });
      contexts.push(context);
      return context.newPage();
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});

export { expect };
