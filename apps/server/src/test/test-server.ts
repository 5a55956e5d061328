import { createTestDb } from '@rhema/db/testing';
import type { DbHandle } from '@rhema/db';
import { buildServer } from '../app';
import { loadEnv } from '../env';

/** A real server (no listening socket) on a fresh test database; requests go through `app.inject`. */
export async function createTestServer(envOverrides: Record<string, string> = {}) {
  const handle: DbHandle = await createTestDb();
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    ...envOverrides,
  });
  const app = await buildServer({ env, db: handle.db });
  await app.ready();
  return {
    app,
    db: handle.db,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}
