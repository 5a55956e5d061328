import { axeResults } from '../a11y/helpers';
import { expect, test } from '@playwright/test';
import { holdBack } from '../public/fixtures';
import {
  DEMO_PASSWORD,
  gotoApp,
  hydrated,
  loginByApi,
  readMail,
  registerByApi,
  uniqueEmail,
} from './helpers';

test.describe('register, login, logout', () => {
  test('a visitor registers with the mailed code, lands on their account and sees Logout with their first name', async ({
    page,
  }) => {
    const email = uniqueEmail('register');
    await page.goto('/auth/register');
    await page.getByRole('textbox', { name: 'First name' }).fill('Adaeze');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Nwosu');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill('a long unusual passphrase');
    await page.getByRole('radio', { name: 'Female' }).check();
    await page.getByLabel('Date of birth').fill('1991-07-23');
    await page.getByRole('combobox', { name: 'Country of residence' }).click();
    await page.getByRole('option', { name: 'Nigeria' }).click();
    await page.getByRole('textbox', { name: 'Phone number' }).fill('+2348031234567');
    await page.getByRole('button', { name: 'Continue' }).click();

    // step 2: the code from the mail
    await expect(page.getByRole('status').filter({ hasText: 'Check your email' })).toBeVisible();
    const mail = await readMail(email, /sign-up code/);
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await page.getByRole('textbox', { name: 'Code' }).fill(wrong);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText(/That code is not correct.*4 tries left/)).toBeVisible();
    await page.getByRole('textbox', { name: 'Code' }).fill(code);
    // every address the page shows from here on, client-side navigations included
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await page.getByRole('button', { name: 'Create account' }).click();

    // a new member goes straight to the onboarding (never by /account), which can be skipped
    await expect(page).toHaveURL(/\/account\/welcome$/);
    await expect(page.getByRole('heading', { name: 'Welcome to Rhema, Adaeze' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page).toHaveURL(/\/account\/welcome$/);
    expect(visited).toEqual(['/account/welcome']);
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue setting up your profile' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('button', { name: 'Logout Adaeze' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Adaeze, \d+/ })).toBeVisible();
  });

  test('signing up with an address that has an account answers the same and mails its owner', async ({
    page,
  }) => {
    await page.goto('/auth/register');
    await page.getByRole('textbox', { name: 'First name' }).fill('Someone');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Else');
    await page.getByRole('textbox', { name: 'Email' }).fill('member2@example.com');
    await page.getByRole('textbox', { name: 'Password' }).fill('a long unusual passphrase');
    await page.getByRole('radio', { name: 'Male', exact: true }).check();
    await page.getByLabel('Date of birth').fill('1990-03-03');
    await page.getByRole('combobox', { name: 'Country of residence' }).click();
    await page.getByRole('option', { name: 'Nigeria' }).click();
    await page.getByRole('textbox', { name: 'Phone number' }).fill('+2348031234568');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Check your email' })).toBeVisible();
    const notice = await readMail('member2@example.com', /Someone tried to create/);
    expect(notice.text).toContain('Someone tried to register with your address');
  });

  test('registration shows field errors inline, and the server enforces 18+', async ({ page }) => {
    await page.goto('/auth/register');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Please enter your first name')).toBeVisible();
    await expect(page.getByText('Please choose male or female')).toBeVisible();

    const year = new Date().getFullYear() - 17;
    await page.getByRole('textbox', { name: 'Date of birth' }).fill(`${year}-01-01`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('You must be at least 18 years old to join.')).toBeVisible();
  });

  test('login with a wrong password says so; the right one signs in; logout goes to /auth/login', async ({
    page,
    request,
  }) => {
    const member = await registerByApi(request, 'login');
    await page.goto('/auth/login');
    await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
    await page.getByRole('textbox', { name: 'Password' }).fill('not my password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('The email or password is incorrect.');

    await page.getByRole('textbox', { name: 'Password' }).fill(member.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // no introductions yet: the app goes to /account
    await expect(page).toHaveURL(/\/account$/);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: `Logout ${member.firstName}` }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
    // the session is gone on the server too
    await gotoApp(page, '/account');
    await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'rhema_session')).toBeUndefined();
  });

  test('the session cookie is HttpOnly and no secret is kept in localStorage', async ({ page, request }) => {
    const member = await registerByApi(request, 'storage');
    await page.goto('/auth/login');
    await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
    await page.getByRole('textbox', { name: 'Password' }).fill(member.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/account$/);
    const session = (await page.context().cookies()).find((c) => c.name === 'rhema_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(stored).not.toContain(session!.value);
    expect(await page.evaluate(() => document.cookie)).not.toContain(session!.value);
  });

  test('a consultant lands on the console after signing in; the calls carry the app headers', async ({
    page,
  }) => {
    await page.goto('/auth/login');
    await hydrated(page);
    await page.getByRole('textbox', { name: 'Email' }).fill('consultant@example.com');
    await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
    const login = page.waitForRequest((r) => r.url().includes('/trpc/auth.login'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    // every call of the web app carries the empty app-id and the app's version number, as the mobile app's do
    const headers = await (await login).allHeaders();
    expect(headers['x-app-version-number']).toBe('512');
    expect(headers['app-id']).toBe('');
    expect(headers['x-xsrf-token']).toBeTruthy();
    await expect(page).toHaveURL(/\/admin21$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Management Console' })).toBeVisible();
  });

  test('a member with introductions lands on /account/introductions', async ({ page, request }) => {
    const login = await request.post('/api/v1/auth/login', {
      data: { email: 'member@example.com', password: DEMO_PASSWORD },
    });
    const { user } = (await login.json()) as { user: { introductions: boolean } };
    await page.goto('/auth/login');
    await page.getByRole('textbox', { name: 'Email' }).fill('member@example.com');
    await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(user.introductions ? /\/account\/introductions$/ : /\/account$/);
  });
});

test.describe('auth forms with their errors showing', () => {
  test('/auth/register after an empty submit: no serious or critical axe violation, contrast included', async ({
    page,
  }) => {
    await page.goto('/auth/register');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Please enter your first name')).toBeVisible();
    await expect(page.getByText('Please choose male or female')).toBeVisible();
    // the field errors themselves are what color-contrast has to judge
    await expect(page.locator('.mantine-InputWrapper-error').first()).toBeVisible();

    const results = await axeResults(page);
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);
    // color-contrast ran on the error messages (it passes rather than being skipped as not applicable)
    const contrast = results.passes.find((rule) => rule.id === 'color-contrast');
    expect(contrast, 'color-contrast checked something').toBeDefined();
    expect(
      contrast!.nodes.some((node) => node.target.join(' ').includes('error')),
      'color-contrast judged an error message',
    ).toBe(true);
  });
});

test('a signed-in member never sees the Login link, not even before the app has started', async ({
  page,
}) => {
  const member = await registerByApi(page.request, 'no-login-flash');
  await loginByApi(page, member.email, member.password);
  // hold the app back: what shows is the static page the server sent
  const release = await holdBack(page, /\/assets\/index-[^/]+\.js$/);
  await page.goto('/terms', { waitUntil: 'commit' });
  await expect(page.locator('#root').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-signed-in', '');
  await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(0);
  release();
  await expect(page.locator('html.hydrating')).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Logout ${member.firstName}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(0);
});
