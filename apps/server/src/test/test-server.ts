import { createMemoryMailer, type JobMode } from '@rhema/core';
import { createTestDb, type TestDbHandle } from '@rhema/db/testing';
import { buildServer } from '../app';
import { loadEnv } from '../env';

/**
 * A real server (no listening socket) on a fresh test database; requests go through `app.inject`. Mail stays in
 * memory (`mailer.messages`), so a test can read a reset code and no file is written.
 */
export async function createTestServer(
  envOverrides: Record<string, string> = {},
  options: { jobs?: JobMode } = {},
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
    services: { mailer, jobs: options.jobs ?? 'inline' },
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
