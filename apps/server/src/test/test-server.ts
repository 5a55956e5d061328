import { createMemoryMailer, type JobMode, type PhotoStore } from '@rhema/core';
import type { TrustProviders } from '../routes/trust';
import { createTestDb, type TestDbHandle } from '@rhema/db/testing';
import { buildServer } from '../app';
import { loadEnv } from '../env';
import type { DestinationStream } from 'pino';

/**
 * A real server (no listening socket) on a fresh test database; requests go through `app.inject`. Mail stays in
 * memory (`mailer.messages`), so a test can read a reset code and no file is written.
 */
export async function createTestServer(
  envOverrides: Record<string, string> = {},
  options: {
    jobs?: JobMode;
    photoStore?: PhotoStore;
    trust?: TrustProviders;
    now?: () => Date;
    /** where the log goes (with LOG_LEVEL in envOverrides): a test reads the lines */
    logStream?: DestinationStream;
    /** a certificate authority the push senders trust: the test's own HTTPS push service */
    pushCa?: string;
  } = {},
) {
  const handle: TestDbHandle = await createTestDb();
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    ...envOverrides,
  });
  const mailer = createMemoryMailer();
  // jobs run before each answer by default, so a test reads the mail at once; 'worker' runs them after it
  const app = await buildServer({
    env,
    db: handle.db,
    notifications: handle.notifications,
    poolStats: handle.stats,
    ...(options.logStream ? { logStream: options.logStream } : {}),
    services: {
      mailer,
      jobs: options.jobs ?? 'inline',
      ...(options.photoStore ? { photoStore: options.photoStore } : {}),
      ...(options.trust ? { trust: options.trust } : {}),
      ...(options.now ? { now: options.now } : {}),
      ...(options.pushCa ? { pushCa: options.pushCa } : {}),
    },
  });
  await app.ready();
  return {
    app,
    db: handle.db,
    handle,
    mailer,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}
