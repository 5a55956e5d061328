import { createRedisRateLimitStore } from '@rhema/auth';
import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { seedUser } from '@rhema/seed';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import { loadEnv } from '../env';

// With REDIS_URL the lookup limit lives in Redis like the account limits (one limiter, docs/decisions/040).
// Runs when a Redis server is given (REDIS_URL, exported by .ci/run when 127.0.0.1:6379 answers).
describe.runIf(process.env.REDIS_URL)('GET /api/v1/search/match limited in Redis', () => {
  let handle: DbHandle;
  let redis: Redis;
  let app: Awaited<ReturnType<typeof buildServer>>;
  let reference: string;
  // one prefix per test file and project, so parallel runs never share a window
  const prefix = `rl-test-${process.pid}-${Date.now()}:`;

  beforeAll(async () => {
    handle = await createTestDb();
    redis = new Redis(process.env.REDIS_URL!);
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' });
    app = await buildServer({
      env,
      db: handle.db,
      services: { rateLimitStore: createRedisRateLimitStore(redis, prefix) },
    });
    await app.ready();
    reference = (await seedUser(handle.db, { first_name: 'Folake' })).contact_reference;
  });
  afterAll(async () => {
    await app.close();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    await handle.close();
  });

  const get = (ip: string) =>
    app.inject({
      method: 'GET',
      url: `/api/v1/search/match?contact_reference=${reference}`,
      remoteAddress: ip,
    });

  it('refuses the 61st lookup of a minute from one IP (429, same body) and serves another IP', async () => {
    const first = await Promise.all(Array.from({ length: 60 }, () => get('198.51.100.1')));
    expect(first.map((res) => res.statusCode)).toEqual(Array(60).fill(200));
    const res = await get('198.51.100.1');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(res.json()).toEqual({
      success: false,
      message: 'Too many requests; please wait a minute and try again.',
    });
    expect((await get('198.51.100.2')).statusCode).toBe(200);

    // the window is in Redis, not in PostgreSQL
    expect(await redis.zcard(`${prefix}match-lookup-ip:198.51.100.1`)).toBe(60);
    const rows = await handle.db.selectFrom('rate_limit_hits').select('key').execute();
    expect(rows).toEqual([]);
  });
});
