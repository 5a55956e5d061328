import { expect, test } from '../members/fixtures';
import { expectNoSeriousViolations, nameStamp, trpcAs } from '../members/helpers';
import { gotoApp } from '../auth/helpers';

// Pairing from the requests queue on a phone (390x844): one press makes the introduction live, the dialog says so
// and what comes next, and the member's console page reads the same state ("Open · ACTIVE") with "Created" once.
// Screenshots in test-results for a look.

test('a pairing from the queue on a phone: one press, live, the same state everywhere', async ({
  signUp,
  staffPage,
}, testInfo) => {
  test.setTimeout(120_000);
  const stamp = nameStamp();
  const [a, b] = await Promise.all([signUp(`Tunde${stamp}`, 'SW'), signUp(`Kemi${stamp}`, 'SW')]);
  await trpcAs(a.page, 'matchRequests.create', { user_id: b.id });
  const staff = await staffPage();
  await staff.setViewportSize({ width: 390, height: 844 });
  await gotoApp(staff, '/admin21/requests');
  const card = staff.getByRole('article', { name: `${a.firstName} asks to meet ${b.firstName}` });
  await card.getByRole('button', { name: 'Create the introduction with this match' }).click();
  const created = staff.getByRole('dialog', { name: 'Introduction created' });
  await expect(created).toContainText(
    `${a.firstName}’s introduction to ${b.firstName} is live: Open · ACTIVE.`,
  );
  await expect(created).toContainText('What happens next');
  await expectNoSeriousViolations(staff);
  await staff.screenshot({ path: testInfo.outputPath('pairing-dialog-phone.png') });
  await created.getByRole('link', { name: `Open ${a.firstName}’s introductions` }).click();
  const owned = staff.getByRole('article', { name: /^Their introduction/ });
  await expect(owned.getByRole('heading', { level: 2 })).toHaveText('Their introduction: Open · ACTIVE');
  await expect(owned.getByText(/^Created /)).toHaveCount(1);
  await expect(owned.getByRole('button', { name: 'DeActivate' })).toBeVisible();
  await staff.screenshot({ path: testInfo.outputPath('pairing-card-phone.png') });
  // switched off, it never reads 'Active' alone
  await owned.getByRole('button', { name: 'DeActivate' }).click();
  await expect(owned.getByRole('heading', { level: 2 })).toHaveText(
    'Their introduction: Open · SWITCHED OFF',
  );
  await expect(owned.getByRole('button', { name: 'Activate' })).toBeVisible();
});
