// A video call between two phones (390x844) on the e2e server, with Chromium's fake camera and microphone: once
// connected the call fills the screen between the header and the member tab bar, their video in full under the
// header and the controls on screen, with nothing to scroll; hung up, the call's length is the real one, on the
// call page and in the thread. tests/e2e/members/video-call.spec.ts calls across two server instances.
import { expect, test, type Page } from '@playwright/test';
import config from '../../playwright.config';
import { friendsWithAMessage } from '../a11y/friends';
import { gotoApp, hydrated } from '../auth/helpers';
import { signedInPage } from './helpers';

const launch = config.use?.launchOptions ?? {};
const PHONE = { width: 390, height: 844 };
test.use({
  launchOptions: {
    ...launch,
    args: [...(launch.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
  viewport: PHONE,
});

/** Where the call's parts are on screen, and how far the page is scrolled and could be. */
async function callLayout(page: Page) {
  return page.evaluate(() => {
    const box = (el: Element | null) => {
      const r = el?.getBoundingClientRect();
      return r
        ? { top: Math.round(r.top), bottom: Math.round(r.bottom), height: Math.round(r.height) }
        : null;
    };
    return {
      header: box(document.querySelector('header')),
      tabBar: box(document.querySelector('[data-member-nav]')),
      remote: box(document.querySelector('[data-testid="remote-video"]')),
      controls: box(document.querySelector('[role="group"][aria-label="Call controls"]')),
      scrollY: Math.round(window.scrollY),
      innerHeight: window.innerHeight,
    };
  });
}

test('a call on a phone fills the screen under the header with its controls in reach, and says how long it was', async ({
  page,
  browser,
  baseURL,
  playwright,
}, testInfo) => {
  test.setTimeout(180_000);
  const { a, b, bId } = await friendsWithAMessage(page, playwright, baseURL!);
  const pa = await signedInPage(browser, baseURL!, a, { viewport: PHONE });
  const pb = await signedInPage(browser, baseURL!, b, { viewport: PHONE });

  // Bisola waits in her conversations; Ayodele rings her from the call page
  await gotoApp(pb, '/account/messages');
  await gotoApp(pa, `/account/messages/${bId}/call`);
  await expect(pa.getByTestId('camera-check')).toHaveText('Camera: working (your preview is above)');
  await pa.getByRole('button', { name: 'Call Bisola' }).click();
  const incoming = pb.getByTestId('incoming-call');
  await expect(incoming).toContainText('Ayodele is calling you');
  await incoming.getByRole('link', { name: 'Answer' }).click();
  await hydrated(pb);
  // a member who has scrolled down the page (to the end, on a short phone) before pressing Answer
  await expect(pb.getByRole('button', { name: 'Answer' })).toBeEnabled();
  await pb.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await pb.getByRole('button', { name: 'Answer' }).click();

  for (const p of [pa, pb]) {
    await expect(p.getByTestId('connection-state')).toHaveText('Connected', { timeout: 30_000 });
    await expect
      .poll(() => p.getByTestId('remote-video').evaluate((v: HTMLVideoElement) => v.videoWidth), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);
  }
  // the layout has settled (the video's size and the scroll position after the switch to the call)
  await pb.waitForTimeout(500);
  await pb.screenshot({ path: testInfo.outputPath('connected-390.png') });
  for (const [who, p] of [
    ['caller', pa],
    ['callee', pb],
  ] as const) {
    const layout = await callLayout(p);
    const top = layout.header!.bottom;
    const bottom = layout.tabBar ? layout.tabBar.top : layout.innerHeight;
    // their video starts below the header, not under it, and the controls are above the tab bar
    expect(layout.remote!.top, `${who}: ${JSON.stringify(layout)}`).toBeGreaterThanOrEqual(top);
    expect(layout.controls!.top, `${who}: ${JSON.stringify(layout)}`).toBeGreaterThan(
      layout.remote!.bottom - 1,
    );
    expect(layout.controls!.bottom, `${who}: ${JSON.stringify(layout)}`).toBeLessThanOrEqual(bottom);
    // the call uses the screen: their video takes most of the room between the header and the tab bar
    expect(layout.remote!.height, `${who}: ${JSON.stringify(layout)}`).toBeGreaterThan((bottom - top) * 0.55);
    // and nothing of the call lies below the screen: no scrolling to reach it
    await expect(p.getByRole('button', { name: 'Hang up' })).toBeInViewport({ ratio: 1 });
  }

  await pa.getByRole('button', { name: 'Hang up' }).click();
  await expect(pa.getByTestId('call-ended')).toContainText(/You ended the call\. Call length: \d+ s\./);
  await expect(pb.getByTestId('call-ended')).toContainText(/Ayodele ended the call\. Call length: \d+ s\./);
  await pb.getByRole('link', { name: 'Back to your conversation with Ayodele' }).click();
  await hydrated(pb);
  await expect(pb.getByTestId('call-event').last()).toContainText(/^Video call, \d+ s from /);
  for (const p of [pa, pb]) await p.context().close();
});
