import { expect, test } from '@playwright/test';
import { readMail, registerByApi } from './helpers';

test.describe('password reset', () => {
  test('request a code, read it from the mail, set a new password, sign in with it', async ({
    page,
    request,
  }) => {
    const member = await registerByApi(request, 'reset');
    await page.clock.install();
    await page.goto('/reset');
    const email = page.getByRole('textbox', { name: 'Email' });
    await email.fill(member.email);
    await page.getByRole('button', { name: 'Request code' }).click();
    await expect(email).toBeDisabled();

    const mail = await readMail(member.email, /password reset code/);
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    await page.getByRole('textbox', { name: 'Code' }).fill(code);
    await page.getByRole('textbox', { name: 'New password' }).fill('my fresh e2e passphrase');
    await page.getByRole('button', { name: 'Reset password' }).click();

    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Your Password has been reset');
    await expect(dialog.getByRole('button', { name: 'OK' })).toBeVisible();
    // the form is cleared and ready for another email
    await expect(email).toBeEnabled();
    await expect(email).toHaveValue('');
    // closed automatically after 15 seconds
    await page.clock.fastForward(15_000);
    await expect(dialog).toBeHidden();

    const notice = await readMail(member.email, /password was changed/);
    expect(notice.text).toContain(member.firstName);

    await page.goto('/auth/login');
    await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
    await page.getByRole('textbox', { name: 'Password' }).fill('my fresh e2e passphrase');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/account$/);
  });

  test('a wrong code is refused with a clear message', async ({ page, request }) => {
    const member = await registerByApi(request, 'reset-wrong');
    await page.goto('/reset');
    await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
    await page.getByRole('button', { name: 'Request code' }).click();
    const mail = await readMail(member.email, /password reset code/);
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await page.getByRole('textbox', { name: 'Code' }).fill(wrong);
    await page.getByRole('textbox', { name: 'New password' }).fill('my fresh e2e passphrase');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText(/That code is not correct.*4 tries left/)).toBeVisible();
  });
});
