import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consumeRateLimit,
  createPostgresRateLimitStore,
  emailRateLimitKeys,
  emailSubject,
  rateLimitKey,
  releaseRateLimitHit,
  RATE_LIMITS,
} from './rate-limit';

describe('rate limits in PostgreSQL (shared by every instance)', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(() => handle.close());

  it('counts a sliding window and says when the next slot frees', async () => {
    const store = createPostgresRateLimitStore(handle.db);
    const rule = { name: 'probe', limit: 3, windowMs: 60_000 };
    const t0 = new Date('2026-05-01T10:00:00Z');
    const at = (s: number) => new Date(t0.getTime() + s * 1000);
    for (const s of [0, 10, 20]) await consumeRateLimit(store, rule, 'ip-1', at(s));
    expect(await consumeRateLimit(store, rule, 'ip-1', at(30))).toEqual({
      allowed: false,
      retryAfterSeconds: 30,
      hit: null,
    });
    expect((await consumeRateLimit(store, rule, 'ip-2', at(30))).allowed).toBe(true);
    expect((await consumeRateLimit(store, rule, 'ip-1', at(61))).allowed).toBe(true);
  });

  it('two stores on one database (two instances) see the same window', async () => {
    const a = createPostgresRateLimitStore(handle.db);
    const b = createPostgresRateLimitStore(handle.db);
    const rule = { name: 'shared', limit: 2, windowMs: 60_000 };
    const now = new Date('2026-05-01T11:00:00Z');
    await consumeRateLimit(a, rule, 'x', now);
    await consumeRateLimit(b, rule, 'x', now);
    expect((await consumeRateLimit(a, rule, 'x', now)).allowed).toBe(false);
    expect((await consumeRateLimit(b, rule, 'x', now)).allowed).toBe(false);
  });

  it('consumes atomically: 30 concurrent requests against a limit of 20 let exactly 20 through', async () => {
    const rule = { name: 'burst', limit: 20, windowMs: 60_000 };
    const now = new Date('2026-05-01T13:00:00Z');
    // two stores: two instances sharing one database
    const stores = [createPostgresRateLimitStore(handle.db), createPostgresRateLimitStore(handle.db)];
    const states = await Promise.all(
      Array.from({ length: 30 }, (_, i) => consumeRateLimit(stores[i % 2]!, rule, 'ip-9', now)),
    );
    expect(states.filter((s) => s.allowed)).toHaveLength(20);
    expect(states.filter((s) => !s.allowed).map((s) => s.retryAfterSeconds)).toEqual(Array(10).fill(60));
    // refused requests are not recorded: the window holds the 20 that passed
    expect((await stores[0]!.count('burst:ip-9', rule.windowMs, now)).count).toBe(20);
  });

  it('consumes a sliding window: a slot frees as the oldest hit leaves it, old hits are dropped', async () => {
    const store = createPostgresRateLimitStore(handle.db);
    const rule = { name: 'slide', limit: 2, windowMs: 60_000 };
    const t0 = new Date('2026-05-01T14:00:00Z');
    const at = (s: number) => new Date(t0.getTime() + s * 1000);
    expect(await consumeRateLimit(store, rule, 'x', at(0))).toMatchObject({
      allowed: true,
      retryAfterSeconds: 0,
    });
    expect((await consumeRateLimit(store, rule, 'x', at(15))).allowed).toBe(true);
    expect(await consumeRateLimit(store, rule, 'x', at(45))).toEqual({
      allowed: false,
      retryAfterSeconds: 15,
      hit: null,
    });
    expect((await consumeRateLimit(store, rule, 'x', at(60))).allowed).toBe(true);
    expect((await consumeRateLimit(store, rule, 'x', at(61))).allowed).toBe(false);
    const rows = await handle.db
      .selectFrom('rate_limit_hits')
      .select('hit_at')
      .where('key', '=', 'slide:x')
      .execute();
    expect(rows.map((r) => new Date(r.hit_at).getTime()).sort()).toEqual([
      at(15).getTime(),
      at(60).getTime(),
    ]);
  });

  it('a released hit frees its slot; releasing another key or an unknown hit frees nothing', async () => {
    const store = createPostgresRateLimitStore(handle.db);
    const rule = { name: 'release', limit: 2, windowMs: 60_000 };
    const now = new Date('2026-05-01T15:00:00Z');
    const first = await consumeRateLimit(store, rule, 'x', now);
    await consumeRateLimit(store, rule, 'x', now);
    expect((await consumeRateLimit(store, rule, 'x', now)).allowed).toBe(false);
    await releaseRateLimitHit(store, rule, 'y', first.hit!);
    expect((await consumeRateLimit(store, rule, 'x', now)).allowed).toBe(false);
    await releaseRateLimitHit(store, rule, 'x', first.hit!);
    const again = await consumeRateLimit(store, rule, 'x', now);
    expect(again.allowed).toBe(true);
    expect(again.hit).not.toBe(first.hit);
    expect((await store.count('release:x', rule.windowMs, now)).count).toBe(2);
  });

  it('never stores an email in clear, and clears an email’s keys on erasure', async () => {
    const store = createPostgresRateLimitStore(handle.db);
    const now = new Date('2026-05-01T12:00:00Z');
    await consumeRateLimit(store, RATE_LIMITS.loginFailuresPerAccount, emailSubject('Who@Example.test'), now);
    const rows = await handle.db.selectFrom('rate_limit_hits').select('key').execute();
    expect(JSON.stringify(rows)).not.toContain('who@example.test');
    expect(rows.map((r) => r.key)).toContain(
      rateLimitKey(RATE_LIMITS.loginFailuresPerAccount, emailSubject('who@example.test')),
    );
    await store.clear(emailRateLimitKeys('who@example.test'));
    const left = await handle.db
      .selectFrom('rate_limit_hits')
      .select('key')
      .where('key', 'like', 'login-account:%')
      .execute();
    expect(left).toEqual([]);
  });
});
