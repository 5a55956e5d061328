import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumeRateLimit, createRedisRateLimitStore, releaseRateLimitHit } from './rate-limit';

// Runs when a Redis server is given (REDIS_URL, exported by .ci/run when 127.0.0.1:6379 answers); the PostgreSQL store is the default
// and is tested on every run (rate-limit.int.test.ts).
describe.runIf(process.env.REDIS_URL)('rate limits in Redis (REDIS_URL)', () => {
  let redis: Redis;
  const prefix = `rl-test-${process.pid}:`;
  beforeAll(() => {
    redis = new Redis(process.env.REDIS_URL!);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('counts a sliding window shared by every instance and says when the next slot frees', async () => {
    const a = createRedisRateLimitStore(redis, prefix);
    const b = createRedisRateLimitStore(redis, prefix);
    const rule = { name: 'probe', limit: 3, windowMs: 60_000 };
    const t0 = Date.now();
    const at = (s: number) => new Date(t0 + s * 1000);
    const first = await consumeRateLimit(a, rule, 'ip-1', at(0));
    await consumeRateLimit(b, rule, 'ip-1', at(10));
    await consumeRateLimit(a, rule, 'ip-1', at(20));
    expect(await consumeRateLimit(b, rule, 'ip-1', at(30))).toEqual({
      allowed: false,
      retryAfterSeconds: 30,
      hit: null,
    });
    expect((await consumeRateLimit(a, rule, 'ip-2', at(30))).allowed).toBe(true);
    // a released hit frees its slot on every instance
    await releaseRateLimitHit(b, rule, 'ip-1', first.hit!);
    expect((await consumeRateLimit(a, rule, 'ip-1', at(30))).allowed).toBe(true);
    expect((await consumeRateLimit(b, rule, 'ip-1', at(30))).allowed).toBe(false);
    await a.clear(['probe:ip-1']);
    expect((await a.count('probe:ip-1', 60_000, at(30))).count).toBe(0);
  });

  it('consumes atomically across instances and slides', async () => {
    const a = createRedisRateLimitStore(redis, prefix);
    const b = createRedisRateLimitStore(redis, prefix);
    const rule = { name: 'burst', limit: 20, windowMs: 60_000 };
    const t0 = Date.now();
    const at = (s: number) => new Date(t0 + s * 1000);
    const states = await Promise.all(
      Array.from({ length: 30 }, (_, i) => consumeRateLimit(i % 2 ? a : b, rule, 'ip-9', at(0))),
    );
    expect(states.filter((s) => s.allowed)).toHaveLength(20);
    expect(states.filter((s) => !s.allowed).map((s) => s.retryAfterSeconds)).toEqual(Array(10).fill(60));
    expect((await a.count('burst:ip-9', rule.windowMs, at(0))).count).toBe(20);
    expect(await consumeRateLimit(a, rule, 'ip-9', at(45))).toEqual({
      allowed: false,
      retryAfterSeconds: 15,
      hit: null,
    });
    expect((await consumeRateLimit(b, rule, 'ip-9', at(60))).allowed).toBe(true);
    expect((await consumeRateLimit(b, rule, 'ip-10', at(60))).allowed).toBe(true);
  });
});
