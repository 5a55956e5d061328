import { expect, test } from '../members/fixtures';
import { nameStamp, trpcAs } from '../members/helpers';
import { axeInBothSchemes } from '../a11y/helpers';
import { gotoApp } from '../auth/helpers';

// The notification centre (docs/notifications.md): the header's bell counts live when another member sends a
// friend request, the centre lists it, opening it leads to its page and marks it read; the centre and the settings
// are axe clean at a phone's and a desktop's width, in both colour schemes.

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

test('the bell counts live, the centre lists the request and opening it marks it read', async ({
  signUp,
}) => {
  test.setTimeout(180_000);
  const stamp = nameStamp();
  const asker = await signUp(`Adaeze${stamp}`);
  const bell = await signUp(`Bisola${stamp}`);
  const page = bell.page;
  await page.setViewportSize(WIDTHS[0]!.viewport);
  // the header's live stream is open before the other member acts
  const live = page.waitForResponse(/\/trpc\/messages\.live/);
  await gotoApp(page, '/members');
  await live;
  await expect(page.locator('[data-testid=header-bell]:visible')).toHaveAccessibleName('Notifications');

  await trpcAs(asker.page, 'friends.send', { user_id: bell.id });
  await expect(page.locator('[data-testid=header-bell]:visible')).toHaveAccessibleName(
    'Notifications, 1 unread',
  );
  await expect(page.locator('[data-testid=header-bell-count]:visible')).toHaveText('1');

  await page.locator('[data-testid=header-bell]:visible').click();
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  const item = page.getByTestId('notification').first();
  await expect(item).toHaveAttribute('data-read', 'false');
  await expect(item).toContainText(`Adaeze${stamp} sent you a friend request`);

  for (const { name, viewport } of WIDTHS) {
    await page.setViewportSize(viewport);
    expect(await axeInBothSchemes(page, `centre at ${name}`)).toEqual([]);
  }
  await page.setViewportSize(WIDTHS[0]!.viewport);
  await page.emulateMedia({ colorScheme: 'light' });

  await item.getByRole('link').click();
  await expect(page).toHaveURL(/\/account\/friends$/);
  await expect(page.locator('[data-testid=header-bell]:visible')).toHaveAccessibleName('Notifications');
  await gotoApp(page, '/account/notifications');
  await expect(page.getByTestId('notification').first()).toHaveAttribute('data-read', 'true');
});

test('the settings page saves per kind and is axe clean at both widths', async ({ signUp }) => {
  test.setTimeout(120_000);
  const member = await signUp(`Chinwe${nameStamp()}`);
  const page = member.page;
  await gotoApp(page, '/account/notifications/settings');
  await expect(page.getByRole('heading', { name: 'Notification settings', level: 1 })).toBeVisible();
  for (const { name, viewport } of WIDTHS) {
    await page.setViewportSize(viewport);
    expect(await axeInBothSchemes(page, `settings at ${name}`)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  const messagesByEmail = page.getByRole('checkbox', { name: 'New messages: email' });
  await expect(messagesByEmail).toBeChecked();
  await messagesByEmail.uncheck();
  await page.getByRole('checkbox', { name: /Discreet mode/ }).check();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status')).toHaveText('Your settings are saved.');
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'New messages: email' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: /Discreet mode/ })).toBeChecked();
});
