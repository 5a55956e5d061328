import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, gotoApp, loginByApi, registerByApi } from './helpers';

test.describe('route guards', () => {
  test('an anonymous visitor of /account/introductions signs in and comes back to it', async ({
    page,
    request,
  }) => {
    const member = await registerByApi(request, 'guard');
    await gotoApp(page, '/account/introductions');
    await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
    await expect(page.getByText('Please sign in to continue.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
    await page.getByRole('textbox', { name: 'Password' }).fill(member.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/account\/introductions$/);
    await expect(page.getByRole('heading', { name: 'My introductions' })).toBeVisible();
  });

  test('the server itself sends a signed-out request for a member page to the login page', async ({
    request,
  }) => {
    for (const path of ['/members', '/account/messages', '/admin21/users', '/communities']) {
      const answer = await request.get(path, { maxRedirects: 0 });
      expect(answer.status(), path).toBe(302);
      expect(answer.headers().location).toBe(`/auth/login?redirect=${encodeURIComponent(path)}`);
    }
    // a public page is not
    expect((await request.get('/faq', { maxRedirects: 0 })).status()).toBe(200);
  });

  test('a member is refused at /admin21 with a clear 403 page', async ({ page, request }) => {
    const member = await registerByApi(request, 'member403');
    await loginByApi(page, member.email, member.password);
    await gotoApp(page, '/admin21');
    await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
    await expect(page.getByText('403')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Management Console' })).toHaveCount(0);
  });

  test('anonymous /admin21 goes to login; a consultant then reaches the Management Console', async ({
    page,
  }) => {
    await gotoApp(page, '/admin21');
    await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
    await page.getByRole('textbox', { name: 'Email' }).fill('consultant@example.com');
    await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/admin21$/);
    await expect(page.getByRole('heading', { name: 'Management Console' })).toBeVisible();
  });

  test('a 401 from the API signs the client out', async ({ page, request }) => {
    const member = await registerByApi(request, 'expire');
    await loginByApi(page, member.email, member.password);
    await gotoApp(page, '/account');
    await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
    // the session ends elsewhere (e.g. a password reset): drop the cookie's server side by logging out via REST
    const token = (await page.context().cookies()).find((c) => c.name === 'rhema_session')!.value;
    await request.post('/api/v1/auth/logout', { headers: { authorization: `Bearer ${token}` }, data: {} });
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Download my data' }).click();
    await expect(page).toHaveURL(/\/auth\/login/);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
    ).toBeVisible();
  });
});
