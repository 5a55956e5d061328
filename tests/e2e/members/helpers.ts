import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Page } from '@playwright/test';
import { loginByApi, signUpByApi, uniqueEmail } from '../auth/helpers';
import { withConsentGiven } from '../public/fixtures';

export interface Member {
  email: string;
  password: string;
  firstName: string;
}

/** Registers a member with their own first name over the mobile REST path. */
export async function registerMember(page: Page, firstName: string, country = 'GB'): Promise<Member> {
  const member = {
    email: uniqueEmail(firstName.toLowerCase()),
    password: 'e2e passphrase for tests',
    firstName,
  };
  await signUpByApi(page.request, {
    email: member.email,
    password: member.password,
    first_name: firstName,
    date_of_birth: '1991-06-15',
    country_code: country,
    phone: '+447700900322',
  });
  return member;
}

/** A browser context of its own, signed in (for two members side by side). */
export async function signedInPage(
  browser: Browser,
  baseURL: string,
  member: Pick<Member, 'email' | 'password'>,
) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await withConsentGiven(page, baseURL);
  await loginByApi(page, member.email, member.password);
  return page;
}

export async function expectNoSeriousViolations(page: Page) {
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, page.url()).toEqual([]);
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
