// A ring the caller cancels and leaves at once: the page's "Back to your conversation" is a plain link, so the
// browser cancels the tRPC request of calls.end if it has not been answered yet. The hang-up must still reach the
// server (the request that outlives the page, apps/web/src/features/calls/use-call.ts), or the other party rings
// on until the server's timeout and the thread shows the call ringing. The link itself waits for a hang-up on its way
// (at most 3 s), so the thread it opens is read after the hang-up and shows the call's outcome at once.
// And a call the member never heard of (rung and given up while the thread's live stream was down) shows in the
// thread when the stream is back: its first event has the thread's calls read again.
import { expect, test, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import config from '../../playwright.config';
import { friendsWithAMessage } from '../a11y/friends';
import { gotoApp, loginByApi } from '../auth/helpers';
import { signInByToken, trpcCall } from './helpers';
import { withConsentGiven } from '../public/fixtures';

const launch = config.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...launch,
    args: [...(launch.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
});

const later = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** Requests to `url` reach the server `ms` late; or, for `'answer'`, reach it at once and are answered `ms` late. */
async function late(page: Page, url: string, ms: number, what: 'request' | 'answer' = 'request') {
  await page.route(url, async (route) => {
    if (what === 'answer') {
      const response = await route.fetch();
      await later(ms);
      await route.fulfill({ response }).catch(() => undefined);
    } else {
      await later(ms);
      await route.continue().catch(() => undefined);
    }
  });
}

/** A member on the call page for Bisola, a friend she has messaged. */
async function onTheCallPage(page: Page, playwright: PlaywrightWorkerArgs['playwright'], baseURL: string) {
  const { a, bId } = await friendsWithAMessage(page, playwright, baseURL);
  await withConsentGiven(page, baseURL);
  await loginByApi(page, a.email, a.password);
  await gotoApp(page, `/account/messages/${bId}/call`);
}

async function ring(page: Page) {
  await page.getByRole('button', { name: 'Call Bisola' }).click();
  await expect(page.getByTestId('connection-state')).toHaveText('Ringing Bisola…');
}

/** Cancel, then the page's link back to the thread. */
async function cancelAndGoBack(page: Page) {
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('call-ended')).toContainText('You ended the call.');
  await page.getByRole('link', { name: 'Back to your conversation with Bisola' }).click();
  await expect(page.getByRole('heading', { name: 'Messages with Bisola', level: 1 })).toBeVisible();
}

test('a ring cancelled and left at once ends on the server: the thread shows it missed', async ({
  page,
  playwright,
  baseURL,
}) => {
  await onTheCallPage(page, playwright, baseURL!);
  await ring(page);
  // the app's calls.end (a batch request of its tRPC client) gets no answer before the page goes
  await page.route('**/trpc/calls.end?batch=1', () => new Promise<void>(() => {}));
  await cancelAndGoBack(page);

  // well within the ring's 30 s timeout, the server has the hang-up
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('call-event')).toContainText('Missed video call', { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
});

test('a ring cancelled and left before the hang-up is answered: the thread shows it missed, no reload needed', async ({
  page,
  playwright,
  baseURL,
}) => {
  await onTheCallPage(page, playwright, baseURL!);
  await ring(page);
  // the app's calls.end is answered late, and the request that outlives the page (were it sent) later still: the
  // thread must not be read before the hang-up is in
  await late(page, '**/trpc/calls.end?batch=1', 1_500);
  await late(page, '**/trpc/calls.end', 6_000);
  await cancelAndGoBack(page);
  await expect(page.getByTestId('call-event')).toContainText('Missed video call', { timeout: 4_000 });
});

test('a ring cancelled before the server has started it still ends there: the thread shows it missed', async ({
  page,
  playwright,
  baseURL,
}) => {
  await onTheCallPage(page, playwright, baseURL!);
  // the server starts the call at once, its answer comes late: Cancel is pressed while the page has no call id yet
  await late(page, '**/trpc/calls.start?batch=1', 1_500, 'answer');
  await ring(page);
  await cancelAndGoBack(page);
  await expect(page.getByTestId('call-event')).toContainText('Missed video call', { timeout: 4_000 });
});

test('a call rung and given up while the live stream of the thread was down shows once the stream is back', async ({
  page,
  playwright,
  baseURL,
}) => {
  const { a, b, bId } = await friendsWithAMessage(page, playwright, baseURL!);
  await withConsentGiven(page, baseURL!);
  await loginByApi(page, a.email, a.password);
  // the live stream is held back from the start: down while the thread is drawn and while Bisola calls
  let release = () => {};
  const released = new Promise<void>((done) => (release = done));
  await page.route('**/trpc/messages.live**', async (route) => {
    await released;
    await route.continue().catch(() => undefined);
  });
  await gotoApp(page, `/account/messages/${bId}`);
  await expect(page.getByRole('heading', { name: 'Messages with Bisola', level: 1 })).toBeVisible();
  await expect(page.getByTestId('call-event')).toHaveCount(0);

  const api = await playwright.request.newContext({ baseURL });
  const bisola = await signInByToken(api, b);
  const { call } = (await trpcCall(api, bisola.token, 'calls.start', { user_id: a.id })) as {
    call: { _id: string };
  };
  await trpcCall(api, bisola.token, 'calls.end', { call_id: call._id });
  await api.dispose();

  // the stream connects: its first event (ready) has the thread read again, its calls included
  release();
  await expect(page.getByTestId('call-event')).toContainText('Missed video call', { timeout: 10_000 });
});
