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

/** Creates a member through the mobile REST path (fast, and no browser state). */
export async function registerByApi(request: APIRequestContext, prefix = 'e2e'): Promise<NewMember> {
  const member = { email: uniqueEmail(prefix), password: 'e2e passphrase for tests', firstName: 'Ifeoma' };
  const res = await request.post('/api/v1/auth/register', {
    data: {
      email: member.email,
      password: member.password,
      first_name: member.firstName,
      last_name: 'Tester',
      gender: 'female',
      date_of_birth: '1992-04-12',
      country_code: 'GB',
      phone: '+447700900321',
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return member;
}

/** Signs the page in through the app's own tRPC call (cookies land in the browser context). */
export async function loginByApi(page: Page, email: string, password: string) {
  await page.goto('/');
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value;
  expect(xsrf).toBeTruthy();
  const res = await page.request.post('/trpc/auth.login', {
    data: { email, password },
    headers: { 'x-xsrf-token': xsrf! },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Waits for the newest message to `to` in MAIL_DIR and returns it. */
export async function readMail(to: string, subject: RegExp, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = await readdir(MAIL_DIR).catch(() => [] as string[]);
    const messages = await Promise.all(
      files
        .filter((f) => f.endsWith('.json'))
        .sort()
        .reverse()
        .map(async (f) => JSON.parse(await readFile(join(MAIL_DIR, f), 'utf8')) as Mail),
    );
    const found = messages.find((m) => m.to === to && subject.test(m.subject));
    if (found) return found;
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
