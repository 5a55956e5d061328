// docs/security.md, F18, F21 and F25 with the limits in Redis (REDIS_URL, one limiter for every
// instance, docs/decisions/040): sign-up mails spaced per address, photo uploads per member per hour, messages. Runs when a
// Redis server is given (REDIS_URL, exported by .ci/run when 127.0.0.1:6379 answers).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRedisRateLimitStore, createSession, RATE_LIMITS } from '@rhema/auth';
import { createMemoryMailer } from '@rhema/core';
import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { seedFriendship, seedUser } from '@rhema/seed';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import { loadEnv } from '../env';

describe.runIf(process.env.REDIS_URL)('abuse limits in Redis (F18, F21 and F25)', () => {
  let handle: DbHandle;
  let redis: Redis;
  let folder: string;
  let app: Awaited<ReturnType<typeof buildServer>>;
  // one prefix per test file and project, so parallel runs never share a window
  const prefix = `rl-test-${process.pid}-${Date.now()}:`;

  beforeAll(async () => {
    handle = await createTestDb();
    redis = new Redis(process.env.REDIS_URL!);
    folder = await mkdtemp(join(tmpdir(), 'rhema-redis-limits-'));
    app = await buildServer({
      env: loadEnv({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        WEB_DIST_DIR: '/nonexistent',
        PHOTO_DIR: folder,
      }),
      db: handle.db,
      services: {
        rateLimitStore: createRedisRateLimitStore(redis, prefix),
        mailer: createMemoryMailer(),
        jobs: 'inline',
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    await handle.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('a second sign-up for one address within a minute, from another IP, answers 429', async () => {
    const register = (remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        remoteAddress,
        payload: {
          email: 'redis-victim@example.test',
          password: 'a long and unusual passphrase',
          first_name: 'Probe',
          last_name: 'Person',
          gender: 'female',
          date_of_birth: '1990-01-01',
          country_code: 'GB',
          phone: '+447700900123',
        },
      });
    expect((await register('198.51.100.201')).statusCode).toBe(200);
    const second = await register('198.51.100.202');
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('an upload past the member’s hourly limit answers 429', async () => {
    const user = await seedUser(handle.db, { email: 'redis-photos@example.test', photos: 0 });
    const { token } = await createSession(handle.db, { userId: user.id, role: 'member', now: new Date() });
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#225588' } })
      .png()
      .toBuffer();
    const upload = () =>
      app.inject({
        method: 'POST',
        url: '/api/photos',
        headers: { 'content-type': 'image/png', authorization: `Bearer ${token}` },
        payload: png,
      });
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMITS.photoUploadsPerMember.limit; i++)
      statuses.push((await upload()).statusCode);
    expect(statuses).not.toContain(429);
    const limited = await upload();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('messages past the sender’s burst answer 429, the pair’s key holding no id (F25)', async () => {
    const [ada, bola] = await Promise.all(
      ['redis-ada', 'redis-bola'].map((name) => seedUser(handle.db, { email: `${name}@example.test` })),
    );
    await seedFriendship(handle.db, ada!, bola!);
    const { token } = await createSession(handle.db, { userId: ada!.id, role: 'member', now: new Date() });
    const send = () =>
      app.inject({
        method: 'POST',
        url: `/api/v1/messages/${bola!.id}`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: { body: 'hello' },
      });
    for (let i = 0; i < RATE_LIMITS.messagesPerMinute.limit; i++) expect((await send()).statusCode).toBe(200);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const pairKeys = await redis.keys(`${prefix}${RATE_LIMITS.messagesPerPairHour.name}:*`);
    expect(pairKeys).toHaveLength(1);
    expect(pairKeys[0]).not.toContain(ada!.id);
    expect(pairKeys[0]).not.toContain(bola!.id);
  });
});
