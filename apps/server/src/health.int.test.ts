import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '@rhema/db';
import { buildServer } from './app';
import { loadEnv } from './env';
import { createTestServer } from './test/test-server';

describe('/healthz', () => {
  let server: Awaited<ReturnType<typeof createTestServer>>;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('answers 200 with the database ok', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('answers 503 while the database is unreachable', async () => {
    // a port nothing listens on: the pool fails to connect
    const handle = await createDb({
      databaseUrl: 'postgres://postgres@127.0.0.1:1/none',
      connectionTimeoutMs: 500,
    });
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' });
    const app = await buildServer({ env, db: handle.db });
    try {
      const res = await app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'error', db: 'unreachable' });
    } finally {
      await app.close();
      await handle.close();
    }
  });
});
