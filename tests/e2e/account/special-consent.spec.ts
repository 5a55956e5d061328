import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations, registerMember, signedInPage } from '../members/helpers';
import { gotoApp, hydrated } from '../auth/helpers';

// Special-category answers (docs/decisions/083-special-category-consent.md): faith, ethnicity and tribe are
// answered on /account/profile only after the member gives the separate consent shown there; withdrawing it
// (after a confirm dialog that says so) deletes the answers. Reached from the member navigation's 'Profile' link;
// keyboard and a phone-sized screen.

test('a member gives and withdraws the special-category consent', async ({ browser, baseURL, page }) => {
  test.setTimeout(120_000);
  const member = await registerMember(page, 'Obiageli', 'NG');
  const p = await signedInPage(browser, baseURL!, member);

  await p.setViewportSize({ width: 1280, height: 800 });
  await gotoApp(p, '/account');
  await p
    .getByRole('navigation', { name: 'Member' })
    .getByRole('link', { name: 'Profile', exact: true })
    .click();
  await expect(p).toHaveURL(/\/account\/profile$/);
  const section = p.getByRole('region', { name: 'Faith, ethnicity and tribe' });
  await expect(section).toBeVisible();
  await expect(section.getByText('I agree that Rhema keeps my answers about my faith')).toBeVisible();
  await expect(section.getByTestId('special-consent-status')).toContainText(
    'You have not given this consent',
  );
  // the questions are not offered yet
  await expect(p.getByRole('textbox', { name: 'Occupation' })).toBeVisible();
  await expect(p.getByRole('textbox', { name: 'Tribe' })).toHaveCount(0);
  // axe on the page without the consent: account/profile.spec.ts (a new member's profile page)

  // give it with the keyboard
  const giveButton = section.getByRole('button', { name: 'I agree: give consent' });
  await giveButton.focus();
  await p.keyboard.press('Enter');
  await expect(section.getByRole('status')).toContainText('You can now answer Religion, Ethnicity and Tribe');
  await expect(section.getByTestId('special-consent-status')).toContainText('You gave this consent on');
  await p.getByRole('textbox', { name: 'Religion' }).fill('Catholic');
  await p.getByRole('textbox', { name: 'Tribe' }).fill('Igbo');
  await p.getByRole('button', { name: 'Save my profile' }).click();
  await expect(p.getByRole('status').filter({ hasText: 'Your profile has been saved.' })).toBeVisible();
  await p.reload();
  await hydrated(p);
  await expect(p.getByRole('textbox', { name: 'Tribe' })).toHaveValue('Igbo');
  await expectNoSeriousViolations(p);

  // on a phone: the header's menu holds the link, and the dialog says the answers will be deleted
  await p.setViewportSize({ width: 390, height: 844 });
  await p.getByRole('button', { name: /Account menu for Obiageli/ }).click();
  await expect(p.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await p.keyboard.press('Escape');
  await section.getByRole('button', { name: 'Withdraw consent' }).click();
  let dialog = p.getByRole('dialog', { name: 'Withdraw your consent?' });
  await expect(dialog).toContainText('Your answers to Religion, Ethnicity and Tribe will be deleted at once');
  await expectNoSeriousViolations(p);
  await dialog.getByRole('button', { name: 'Keep my consent' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(p.getByRole('textbox', { name: 'Tribe' })).toHaveValue('Igbo');

  await section.getByRole('button', { name: 'Withdraw consent' }).click();
  dialog = p.getByRole('dialog', { name: 'Withdraw your consent?' });
  await dialog.getByRole('button', { name: 'Withdraw and delete my answers' }).click();
  await expect(section.getByRole('status')).toContainText('Your consent is withdrawn');
  await expect(p.getByRole('textbox', { name: 'Tribe' })).toHaveCount(0);
  await expect(section.getByTestId('special-consent-status')).toContainText(
    'You have not given this consent',
  );

  // the answers are gone, not hidden: consenting again shows the questions empty
  await p.reload();
  await hydrated(p);
  await section.getByRole('button', { name: 'I agree: give consent' }).click();
  await expect(p.getByRole('textbox', { name: 'Tribe' })).toHaveValue('');
  await expect(p.getByRole('textbox', { name: 'Religion' })).toHaveValue('');
});
