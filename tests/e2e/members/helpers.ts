import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { seriousViolations } from '../a11y/helpers';
import { loginByApi, signUpByApi, uniqueEmail } from '../auth/helpers';
import { withConsentGiven } from '../public/fixtures';

export interface Member {
  email: string;
  password: string;
  firstName: string;
}

/**
 * Registers a member with their own first name over the mobile REST path; with `signInHere` (a browser context's
 * request), that context is signed in by the sign-up itself (auth/helpers.ts signUpByApi).
 */
export async function registerMember(
  pageOrRequest: Page | APIRequestContext,
  firstName: string,
  country = 'GB',
  signInHere?: APIRequestContext,
): Promise<Member & { id: string }> {
  const member = {
    email: uniqueEmail(firstName.toLowerCase()),
    password: 'e2e passphrase for tests',
    firstName,
  };
  const id = await signUpByApi(
    'request' in pageOrRequest ? pageOrRequest.request : pageOrRequest,
    {
      email: member.email,
      password: member.password,
      first_name: firstName,
      date_of_birth: '1991-06-15',
      country_code: country,
      phone: '+447700900322',
    },
    signInHere,
  );
  return { ...member, id };
}

/**
 * A tRPC call as the page's signed-in member (the cookie session, with its XSRF token), for the state a test
 * builds before the part it tries in the browser. Answers the procedure's result.
 */
export async function trpcAs(page: Page, path: string, input: object): Promise<Record<string, unknown>> {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value;
  const res = await page.request.post(`/trpc/${path}`, {
    data: input,
    headers: xsrf ? { 'x-xsrf-token': xsrf } : {},
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { result: { data: Record<string, unknown> } }).result.data;
}

/** Signs in over api/v1 (a mobile client's Bearer token) and answers the token and the member's id. */
export async function signInByToken(
  request: APIRequestContext,
  member: { email: string; password: string },
): Promise<{ token: string; id: string }> {
  const res = await request.post('/api/v1/auth/login', {
    data: { email: member.email, password: member.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { token: string; user: { _id: string } };
  return { token: body.token, id: body.user._id };
}

/** A tRPC call with a Bearer token (a mobile client's), answering the procedure's result. */
export async function trpcCall(
  request: APIRequestContext,
  token: string,
  path: string,
  input: object,
): Promise<Record<string, unknown>> {
  const res = await request.post(`/trpc/${path}`, {
    data: input,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { result: { data: Record<string, unknown> } }).result.data;
}

/** A browser context of its own, signed in (for two members side by side). */
export async function signedInPage(
  browser: Browser,
  baseURL: string,
  member: Pick<Member, 'email' | 'password'>,
  options: BrowserContextOptions = {},
) {
  const context = await browser.newContext({ ...options, baseURL });
  const page = await context.newPage();
  await withConsentGiven(page, baseURL);
  await loginByApi(page, member.email, member.password);
  return page;
}

export async function expectNoSeriousViolations(page: Page) {
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page), page.url()).toEqual([]);
}

/** A suffix of letters, new each run, so names typed and searched in a test are its own (names hold no digits). */
export function nameStamp() {
  return Date.now()
    .toString(36)
    .slice(-4)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
}

/** Uploads a photo through /account/profile's file input and waits for the page to confirm it. */
export async function addPhoto(page: Page, photo: Buffer) {
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByRole('status').filter({ hasText: 'Your photo has been added.' })).toBeVisible();
}
