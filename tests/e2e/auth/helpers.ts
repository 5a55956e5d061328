import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'rhema-demo-2024';
const port = Number(process.env.E2E_PORT ?? 3100);
/** the server of tests/playwright.config.ts writes mail here (MAIL_DIR, relative to the repository root) */
export const MAIL_DIR = resolve(import.meta.dirname, '../../..', `.data/e2e-${port}-mail`);

let counter = 0;
export function uniqueEmail(prefix: string) {
  counter++;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 6)}@example.test`;
}

export interface NewMember {
  email: string;
  password: string;
  firstName: string;
}

let clients = 0;

/**
 * Signs a member up through the mobile REST path, both steps: the details, then the code from the mail (fast, and no
 * browser state). Each sign-up comes from an address of its own (X-Forwarded-For: the e2e server trusts its proxy,
 * tests/playwright.config.ts), as members do, so the per-address sign-up limit is not what a test runs into.
 * With `signInHere` (a browser context's request), the code is sent as the web app sends it and the context is
 * signed in by it, with no login of its own. Answers the new member's id.
 */
export async function signUpByApi(
  request: APIRequestContext,
  details: { email: string; password: string; first_name: string } & Record<string, string>,
  signInHere?: APIRequestContext,
): Promise<string> {
  clients++;
  const headers = { 'x-forwarded-for': `198.18.${Math.floor(clients / 250) % 250}.${(clients % 250) + 1}` };
  const started = await request.post('/api/v1/auth/register', {
    headers,
    data: {
      last_name: 'Tester',
      gender: 'female',
      date_of_birth: '1992-04-12',
      country_code: 'GB',
      phone: '+447700900321',
      ...details,
    },
  });
  expect(started.status(), await started.text()).toBe(200);
  const mail = await readMail(details.email, /sign-up code/);
  const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
  const confirm = { headers, data: { email: details.email, code } };
  if (signInHere) {
    const confirmed = await signInHere.post('/trpc/auth.confirmRegistration', confirm);
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    return ((await confirmed.json()) as { result: { data: { user: { _id: string } } } }).result.data.user._id;
  }
  const confirmed = await request.post('/api/v1/auth/register/confirm', confirm);
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return ((await confirmed.json()) as { user: { _id: string } }).user._id;
}

/** Creates a member through the mobile REST path. */
export async function registerByApi(request: APIRequestContext, prefix = 'e2e'): Promise<NewMember> {
  const member = { email: uniqueEmail(prefix), password: 'e2e passphrase for tests', firstName: 'Ifeoma' };
  await signUpByApi(request, {
    email: member.email,
    password: member.password,
    first_name: member.firstName,
  });
  return member;
}

/**
 * Signs the page's browser context in through the app's own tRPC call (the cookies land in the context). No page is
 * loaded for it: a context with no XSRF cookie yet may post without one, as a first visit's login form does.
 */
export async function loginByApi(page: Page, email: string, password: string) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value;
  const res = await page.request.post('/trpc/auth.login', {
    data: { email, password },
    headers: xsrf ? { 'x-xsrf-token': xsrf } : {},
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Waits for the newest message to `to` in MAIL_DIR and returns it. Files are named by the time they were sent:
 * read newest first, one at a time, up to the first match (a run's folder holds hundreds by its end).
 */
export async function readMail(to: string, subject: RegExp, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  const seen = new Set<string>();
  while (Date.now() < deadline) {
    const files = await readdir(MAIL_DIR).catch(() => [] as string[]);
    for (const file of files
      .filter((f) => f.endsWith('.json') && !seen.has(f))
      .sort()
      .reverse()) {
      seen.add(file);
      const mail = JSON.parse(await readFile(join(MAIL_DIR, file), 'utf8')) as Mail;
      if (mail.to === to && subject.test(mail.subject)) return mail;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} matching ${subject} in ${MAIL_DIR}`);
}

interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Opens a page and waits until the app has hydrated the page the server sent (public pages and every signed-in
 * one: decisions 190, 200): a press on a button before the app's script has run does nothing.
 */
export async function gotoApp(page: Page, url: string) {
  const response = await page.goto(url);
  await hydrated(page);
  return response;
}

/** After a full page load that is not a goto (a reload, a link out of the app and back): the app has hydrated it. */
export async function hydrated(page: Page) {
  await expect(page.locator('html.hydrating')).toHaveCount(0);
  // the class goes at the root's first commit; the route's parts (Suspense boundaries) hydrate in later tasks, and a
  // press before then is not replayed (decision 220): wait until the page is idle (at most 2 s)
  await page.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 2000 })),
  );
}
