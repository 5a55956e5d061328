import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createDb, migrateToLatest } from '@rhema/db';
import { createDatabase, dropDatabase } from '@rhema/db/testing-pg';
import { seedFriendship, seedUser } from '@rhema/seed';
import pg from 'pg';
import config from '../../playwright.config';
import { freePort, startInstance, type Instance } from '../../reliability/instance';
import { schemeOf, seriousViolations } from '../a11y/helpers';
import { expectNoSeriousViolations, signedInPage } from './helpers';
import { gotoApp, hydrated } from '../auth/helpers';

// Video calls (docs/decisions/180-video-calls.md) between two browsers with Chromium's fake camera and
// microphone, each member on a server process of their own over one PostgreSQL database (the signals cross from
// one instance to the other through NOTIFY, as in production behind a load balancer). The e2e server of the
// config runs on the embedded PGlite, which a second process cannot share: this spec starts its own two servers
// on a scratch database of the PostgreSQL server of TEST_DATABASE_URL (or the local default). Without one it
// skips, loudly; in CI, or with TEST_DATABASE_URL set, a missing PostgreSQL fails it instead.

const LOCAL_DEFAULT = 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'e2e passphrase for video calls';

const launch = config.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...launch,
    args: [...(launch.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
  viewport: { width: 1366, height: 900 },
});
test.describe.configure({ mode: 'serial' });

let serverUrl = '';
let databaseName = '';
let first: Instance | null = null;
let second: Instance | null = null;
const people = {} as Record<'ada' | 'bola' | 'chika', { id: string; email: string; first_name: string }>;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const named = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  serverUrl = named || LOCAL_DEFAULT;
  const probe = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3_000 });
  try {
    await probe.connect();
    await probe.query('select 1');
  } catch (error) {
    const why = `no PostgreSQL answers at ${serverUrl.replace(/:[^:@/]*@/, ':***@')} (${(error as Error).message})`;
    if (named || process.env.CI) throw new Error(`video calls e2e: ${why}`);
    console.warn(
      `\n*** video-call.spec.ts SKIPPED: ${why}. Set TEST_DATABASE_URL to a PostgreSQL server. ***\n`,
    );
    test.skip(true, `SKIPPED: ${why}`);
    return;
  } finally {
    await probe.end().catch(() => undefined);
  }
  databaseName = `rhema_e2e_calls_${randomBytes(4).toString('hex')}`;
  const url = await createDatabase(serverUrl, databaseName);
  const handle = await createDb({ databaseUrl: url });
  try {
    await migrateToLatest(handle.db);
    const stamp = Date.now().toString(36);
    for (const [key, first_name] of [
      ['ada', 'Adaeze'],
      ['bola', 'Bolanle'],
      ['chika', 'Chikezie'],
    ] as const)
      people[key] = await seedUser(handle.db, {
        first_name,
        email: `${key}-${stamp}@example.test`,
        password: PASSWORD,
      });
    await seedFriendship(handle.db, people.ada, people.bola);
  } finally {
    await handle.close();
  }
  // one after the other: each checks the migrations at start-up
  first = await startInstance({ name: 'calls-a', databaseUrl: url, port: await freePort() });
  second = await startInstance({ name: 'calls-b', databaseUrl: url, port: await freePort() });
});

test.afterAll(async () => {
  await first?.stop();
  await second?.stop();
  if (databaseName) await dropDatabase(serverUrl, databaseName);
});

const remoteWidth = (page: Page) =>
  page.getByTestId('remote-video').evaluate((video: HTMLVideoElement) => video.videoWidth);

test('two friends on two server instances call each other; a stranger cannot ring them', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const pa = await signedInPage(browser, first!.base, { email: people.ada.email, password: PASSWORD });
  const pb = await signedInPage(browser, second!.base, { email: people.bola.email, password: PASSWORD });

  // Bolanle waits in the thread; Adaeze calls from hers (the thread's button opens the call page)
  await gotoApp(pb, `/account/messages/${people.ada.id}`);
  await expect(pb.getByRole('heading', { name: 'Messages with Adaeze', level: 1 })).toBeVisible();
  await gotoApp(pa, `/account/messages/${people.bola.id}`);
  await pa.getByRole('link', { name: 'Video call' }).click();
  await hydrated(pa);
  await expect(pa).toHaveURL(new RegExp(`/account/messages/${people.bola.id}/call$`));
  // the pre-call check: the camera's preview and the microphone
  await expect(pa.getByTestId('camera-check')).toHaveText('Camera: working (your preview is above)');
  await expect
    .poll(() => pa.getByTestId('local-video').evaluate((v: HTMLVideoElement) => v.videoWidth))
    .toBeGreaterThan(0);
  await expectNoSeriousViolations(pa);
  await pa.getByRole('button', { name: 'Call Bolanle' }).click();
  await expect(pa.getByTestId('connection-state')).toHaveText('Ringing Bolanle…');

  // the ring crosses to the other instance; Answer opens the call page there
  const incoming = pb.getByTestId('incoming-call');
  await expect(incoming).toContainText('Adaeze is calling you');
  await incoming.getByRole('link', { name: 'Answer' }).click();
  await hydrated(pb);
  await expect(pb).toHaveURL(/\/call\?answer=/);
  await pb.getByRole('button', { name: 'Answer' }).click();

  for (const page of [pa, pb]) {
    await expect(page.getByTestId('connection-state')).toHaveText('Connected', { timeout: 30_000 });
    await expect.poll(() => remoteWidth(page), { timeout: 20_000 }).toBeGreaterThan(0);
  }
  // mute and camera off are toggles
  await pa.getByRole('button', { name: 'Mute' }).click();
  await expect(pa.getByRole('button', { name: 'Mute' })).toHaveAttribute('aria-pressed', 'true');
  await pa.getByRole('button', { name: 'Camera off' }).click();
  await expect(pa.getByRole('button', { name: 'Camera off' })).toHaveAttribute('aria-pressed', 'true');
  // axe on the call under way, light and dark (the app follows the system's scheme at once)
  for (const scheme of ['light', 'dark'] as const) {
    await pb.emulateMedia({ colorScheme: scheme });
    await expect.poll(() => schemeOf(pb)).toBe(scheme);
    expect(await seriousViolations(pb), scheme).toEqual([]);
  }

  // hang up ends it on both sides; the question after it files a report when answered yes
  await pa.getByRole('button', { name: 'Hang up' }).click();
  await expect(pa.getByTestId('call-ended')).toContainText('You ended the call.');
  await expect(pb.getByTestId('call-ended')).toContainText('Adaeze ended the call.');
  for (const page of [pa, pb]) await expect(page.getByTestId('connection-state')).toHaveText('Call ended');
  await expect(pb.getByText('Did anything about this call bother you?')).toBeVisible();
  await expectNoSeriousViolations(pb);
  await pb.getByRole('button', { name: 'Yes, report it' }).click();
  const dialog = pb.getByRole('dialog', { name: 'Report Adaeze' });
  await dialog.getByRole('radio', { name: 'Harassment or abuse' }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Thank you. Our team will review your report')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await pa.getByRole('button', { name: 'No' }).click();
  await expect(pa.getByText('Thank you.')).toBeVisible();

  // the call in the thread, for both
  await pa.getByRole('link', { name: 'Back to your conversation with Bolanle' }).click();
  await hydrated(pa);
  await expect(pa.getByTestId('call-event')).toContainText(/^Video call, (\d+ min( \d+ s)?|\d+ s)\b/);

  // a member who is not their friend: the call is refused like an unknown member's, nothing rings
  await gotoApp(pa, '/account/messages');
  await expect(pa.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  const pc = await signedInPage(browser, first!.base, { email: people.chika.email, password: PASSWORD });
  await gotoApp(pc, `/account/messages/${people.ada.id}/call`);
  await pc.getByRole('button', { name: 'Call Adaeze' }).click();
  await expect(pc.getByRole('alert')).toContainText('We could not find that member.');
  await expect(pc.getByTestId('connection-state')).toHaveText('Not connected yet');
  // a ring would have reached the open list by now (the refused call wrote nothing to announce)
  await pa.waitForTimeout(1_500);
  await expect(pa.getByTestId('incoming-call')).toHaveCount(0);
  for (const page of [pa, pb, pc]) await page.context().close();
});

test('closing the tab in a call ends it for the other party at once, and the thread shows its length', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const pa = await signedInPage(browser, first!.base, { email: people.ada.email, password: PASSWORD });
  const pb = await signedInPage(browser, second!.base, { email: people.bola.email, password: PASSWORD });
  await gotoApp(pb, `/account/messages/${people.ada.id}`);
  await expect(pb.getByRole('heading', { name: 'Messages with Adaeze', level: 1 })).toBeVisible();
  await gotoApp(pa, `/account/messages/${people.bola.id}/call`);
  await pa.getByRole('button', { name: 'Call Bolanle' }).click();
  await pb.getByTestId('incoming-call').getByRole('link', { name: 'Answer' }).click();
  await hydrated(pb);
  await pb.getByRole('button', { name: 'Answer' }).click();
  for (const page of [pa, pb])
    await expect(page.getByTestId('connection-state')).toHaveText('Connected', { timeout: 30_000 });

  // Adaeze closes her tab without hanging up: the page's last request ends the call (the connection's own time-out
  // would take longer, and the server's for a call both pages left a minute)
  await pa.close();
  await expect(pb.getByTestId('call-ended')).toContainText('Adaeze ended the call.');
  await pb.getByRole('link', { name: 'Back to your conversation with Adaeze' }).click();
  await hydrated(pb);
  await expect(pb.getByTestId('call-event').last()).toContainText(/^Video call, (\d+ min( \d+ s)?|\d+ s)\b/);
  for (const page of [pa, pb]) await page.context().close();
});
