// Events end to end: a member finds the launch evening on /events, takes its
// .ics, reserves a place with their name on the guest list, shows the ticket's code; a consultant checks them in
// from the console's event screen; the public /launch page lists them by first name and initial. And the console's
// side: a new event is a draft members cannot see until it is published, and cancelling it asks first.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { gotoApp, hydrated } from '../auth/helpers';
import { expect, test } from './fixtures';
import { nameStamp } from './helpers';

const LAUNCH = 'Rhema launch evening';

/** A screenshot at the phone's width and the desktop's, to look at (test-results/). */
async function shoot(page: Page, name: string, outputPath: (name: string) => string) {
  for (const [width, height] of [
    [390, 844],
    [1366, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

test('a member reserves a place from /events, takes the .ics, is checked in by a consultant, and is on the launch guest list', async ({
  signUp,
  staffPage,
}, testInfo) => {
  const firstName = `Ebun${nameStamp()}`;
  const member = await signUp(firstName);
  const page = member.page;

  await gotoApp(page, '/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await page.getByLabel('City').selectOption('London');
  await expect(page).toHaveURL(/[?&]city=London/);
  const card = page.getByRole('article', { name: LAUNCH });
  await expect(card).toBeVisible();
  // only London's events: the Manchester brunch is not listed
  await expect(page.getByRole('article', { name: 'Saturday brunch for professionals' })).toHaveCount(0);
  await expect(card.getByTestId('event-places')).toHaveText(/\d+ places left of 150/);
  await shoot(page, 'events', (n) => testInfo.outputPath(n));

  // the calendar file: a download named after the event, an iCalendar of it
  const calendarLink = card.getByRole('link', { name: `Add to calendar: ${LAUNCH}` });
  const answer = await page.request.get((await calendarLink.getAttribute('href'))!);
  expect(answer.status(), await answer.text()).toBe(200);
  expect(answer.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const [download] = await Promise.all([page.waitForEvent('download'), calendarLink.click()]);
  expect(download.suggestedFilename()).toBe('Rhema-launch-evening.ics');
  const ics = await readFile((await download.path())!, 'utf8');
  expect(ics).toMatch(/^BEGIN:VCALENDAR\r?\n/);
  expect(ics).toContain(`SUMMARY:${LAUNCH}`);
  expect(ics).toContain('END:VEVENT');

  // the event page: a place, on the guest list, and the ticket with its code as a QR code and as text
  await card.getByRole('link', { name: LAUNCH, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: LAUNCH })).toBeVisible();
  await page.getByLabel('Show my first name and initial on the launch evening’s public guest list').check();
  await page.getByRole('button', { name: 'Reserve a place' }).click();
  await expect(page.getByTestId('rsvp-status')).toHaveText('Your place is confirmed.');
  await expect(page.getByRole('img', { name: /^QR code of your check-in code [A-Z2-9]{8}$/ })).toBeVisible();
  const code = (await page.getByTestId('check-in-code').textContent())!.replace(/\s/g, '');
  expect(code).toMatch(/^[A-Z2-9]{8}$/);
  await expect(page.getByRole('switch', { name: /public guest list/ })).toBeChecked();
  await shoot(page, 'event-ticket', (n) => testInfo.outputPath(n));
  await page.setViewportSize({ width: 1280, height: 720 });

  // the public page lists them by first name and initial (sign-up's last name is "Tester")
  await gotoApp(page, '/launch#guest');
  await expect(
    page.getByRole('list', { name: 'Guests' }).getByText(`${firstName} T.`, { exact: true }),
  ).toBeVisible();
  await shoot(page, 'launch-guests', (n) => testInfo.outputPath(n));
  await page.setViewportSize({ width: 1280, height: 720 });

  // at the door: the consultant types the code (lower case, as typed in a hurry)
  const staff = await staffPage();
  await gotoApp(staff, '/admin21/events');
  await expect(
    staff.getByRole('navigation', { name: 'Console' }).first().getByRole('link', { name: 'Events' }),
  ).toHaveAttribute('aria-current', 'page');
  await staff.getByRole('link', { name: LAUNCH, exact: true }).click();
  await expect(staff.getByRole('heading', { level: 1, name: LAUNCH })).toBeVisible();
  await expect(staff.getByRole('row', { name: new RegExp(`${firstName} Tester`) })).toContainText('Not yet');
  await staff.getByLabel('Check-in code').fill(code.toLowerCase());
  await staff.getByRole('button', { name: 'Check in' }).click();
  await expect(staff.getByRole('status')).toContainText(`${firstName} Tester is checked in`);
  await expect(staff.getByRole('row', { name: new RegExp(`${firstName} Tester`) })).not.toContainText(
    'Not yet',
  );
  await shoot(staff, 'console-event', (n) => testInfo.outputPath(n));
  await staff.setViewportSize({ width: 1280, height: 720 });
  // the same code twice is refused, saying when
  await staff.getByLabel('Check-in code').fill(code);
  await staff.getByRole('button', { name: 'Check in' }).click();
  await expect(staff.getByRole('status')).toContainText('already checked in');

  await gotoApp(page, '/events');
  await page.getByRole('link', { name: LAUNCH, exact: true }).first().click();
  await expect(page.getByTestId('rsvp-status')).toHaveText('You were checked in at this event.');
});

test('a new event is a draft members do not see until it is published; cancelling it asks first', async ({
  signUp,
  staffPage,
}, testInfo) => {
  const city = `Leeds${nameStamp()}`;
  const title = `Board games night ${nameStamp()}`;
  const staff = await staffPage();
  await gotoApp(staff, '/admin21/events');
  await staff.getByRole('button', { name: 'New event' }).click();
  const dialog = staff.getByRole('dialog', { name: 'New event' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('City').fill(city);
  await dialog.getByLabel('Venue').fill('The Games Room, 4 Call Lane');
  const day = new Date(Date.now() + 10 * 86_400_000);
  const date = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
  await dialog.getByLabel('Starts').fill(`${date}T19:00`);
  // an end before the start is refused on its field
  await dialog.getByLabel('Ends').fill(`${date}T18:00`);
  await dialog.getByLabel('Places').fill('12');
  await dialog.getByLabel('Description').fill('Bring your favourite game, or learn a new one.');
  await dialog.getByRole('button', { name: 'Create the draft' }).click();
  await expect(dialog.getByText('The end comes after the start')).toBeVisible();
  await dialog.getByLabel('Ends').fill(`${date}T22:00`);
  await dialog.getByRole('button', { name: 'Create the draft' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(staff.getByText('Draft', { exact: true })).toBeVisible();

  const member = await signUp('Folake');
  await gotoApp(member.page, `/events?city=${city}`);
  await expect(member.page.getByText(`No upcoming events in ${city}.`)).toBeVisible();

  await staff.getByRole('button', { name: 'Publish' }).click();
  await expect(staff.getByText('Published', { exact: true })).toBeVisible();
  await member.page.reload();
  await hydrated(member.page);
  await expect(member.page.getByRole('article', { name: title })).toBeVisible();
  await expect(member.page.getByRole('article', { name: title }).getByTestId('event-places')).toHaveText(
    '12 places left of 12',
  );

  await staff.getByRole('button', { name: 'Cancel the event' }).click();
  const confirm = staff.getByRole('dialog', { name: `Cancel ${title}?` });
  await expect(confirm).toBeVisible();
  await shoot(staff, 'console-cancel', (n) => testInfo.outputPath(n));
  await confirm.getByRole('button', { name: 'Keep the event' }).click();
  await expect(confirm).toBeHidden();
  await expect(staff.getByText('Published', { exact: true })).toBeVisible();
  await staff.getByRole('button', { name: 'Cancel the event' }).click();
  await confirm.getByRole('button', { name: 'Cancel the event' }).click();
  await expect(staff.getByText('Cancelled', { exact: true })).toBeVisible();
  await member.page.reload();
  await hydrated(member.page);
  await expect(member.page.getByText(`No upcoming events in ${city}.`)).toBeVisible();
});
