// The video call page (docs/decisions/180-video-calls.md) with a camera and a microphone: axe (serious and
// critical, colour contrast included) on its pre-call check (preview, microphone meter) and while it rings, light
// and dark, at a desktop's width and a phone's. The member-pages walk sees the same page in a browser without a
// camera (the check telling why the camera did not start); tests/e2e/members/video-call.spec.ts connects a call.
// Chromium's fake devices are a launch option: this file's browser, not the walk's.
import { expect, test } from '@playwright/test';
import config from '../../playwright.config';
import { gotoApp, loginByApi, hydrated } from '../auth/helpers';
import { withConsentGiven } from '../public/fixtures';
import { friendsWithAMessage } from './friends';
import { axeInBothSchemes } from './helpers';

const launch = config.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...launch,
    args: [...(launch.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
});

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('the call page is axe clean in light and dark, checking the camera and ringing', async ({
      page,
      baseURL,
      playwright,
    }) => {
      test.setTimeout(180_000);
      const { a, bId } = await friendsWithAMessage(page, playwright, baseURL!);
      await withConsentGiven(page, baseURL!);
      await loginByApi(page, a.email, a.password);
      await gotoApp(page, `/account/messages/${bId}/call`);
      await expect(page.getByTestId('camera-check')).toHaveText('Camera: working (your preview is above)');
      await expect(page.getByRole('button', { name: 'Call Bisola' })).toBeEnabled();
      const findings = await axeInBothSchemes(page, 'pre-call check');
      await page.emulateMedia({ colorScheme: 'light' });
      await page.getByRole('button', { name: 'Call Bisola' }).click();
      await expect(page.getByTestId('connection-state')).toHaveText('Ringing Bisola…');
      await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
      findings.push(...(await axeInBothSchemes(page, 'ringing')));
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByTestId('call-ended')).toContainText('You ended the call.');
      // the thread shows the call Bisola never answered
      await page.getByRole('link', { name: 'Back to your conversation with Bisola' }).click();
      await hydrated(page);
      await expect(page.getByTestId('call-event')).toContainText('Missed video call');
      expect(findings).toEqual([]);
    });
  });
}
