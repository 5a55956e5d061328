import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations, nameStamp, registerMember, signedInPage } from '../members/helpers';
import { gotoApp } from '../auth/helpers';

// A faith community says what a member believes (special-category data): its join button shows the separate
// consent first; "Not now" joins nothing, agreeing gives the consent (seen on /account/profile) and joins.

test('joining a faith community asks for the special-category consent first', async ({
  browser,
  baseURL,
  page,
}) => {
  test.setTimeout(120_000);
  const member = await registerMember(page, `Maryam${nameStamp()}`, 'GB');
  const p = await signedInPage(browser, baseURL!, member);

  await gotoApp(p, '/communities/muslim-singles-circle');
  await expect(p.getByRole('heading', { name: 'Muslim Singles Circle', level: 1 })).toBeVisible();
  await p.getByRole('button', { name: 'Join community' }).click();
  let dialog = p.getByRole('dialog', { name: 'Joining shares your faith' });
  await expect(dialog).toContainText('I agree that Rhema keeps my answers about my faith');
  await expectNoSeriousViolations(p);
  await dialog.getByRole('button', { name: 'Not now' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(p.getByRole('button', { name: 'Join community' })).toBeVisible();

  await p.getByRole('button', { name: 'Join community' }).click();
  dialog = p.getByRole('dialog', { name: 'Joining shares your faith' });
  await dialog.getByRole('button', { name: 'I agree: give consent and join' }).click();
  await expect(p.getByRole('button', { name: 'Leave community' })).toBeVisible();

  await gotoApp(p, '/account/profile');
  const section = p.getByRole('region', { name: 'Faith, ethnicity and tribe' });
  await expect(section.getByTestId('special-consent-status')).toContainText('You gave this consent on');

  // with the consent standing, another faith community joins at once
  await gotoApp(p, '/communities/catholic-singles');
  await p.getByRole('button', { name: 'Join community' }).click();
  await expect(p.getByRole('button', { name: 'Leave community' })).toBeVisible();
});
