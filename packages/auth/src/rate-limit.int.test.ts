import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkRateLimit,
  createPostgresRateLimitStore,
  emailRateLimitKeys,
  emailSubject,
  rateLimitKey,
  recordRateLimitHit,
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
    for (const s of [0, 10, 20]) await recordRateLimitHit(store, rule, 'ip-1', at(s));
    expect(await checkRateLimit(store, rule, 'ip-1', at(30))).toEqual({
      allowed: false,
      retryAfterSeconds: 30,
    });
    expect((await checkRateLimit(store, rule, 'ip-2', at(30))).allowed).toBe(true);
    expect((await checkRateLimit(store, rule, 'ip-1', at(61))).allowed).toBe(true);
  });

  it('two stores on one database (two instances) see the same window', async () => {
    const a = createPostgresRateLimitStore(handle.db);
    const b = createPostgresRateLimitStore(handle.db);
    const rule = { name: 'shared', limit: 2, windowMs: 60_000 };
    const now = new Date('2026-05-01T11:00:00Z');
    await recordRateLimitHit(a, rule, 'x', now);
    await recordRateLimitHit(b, rule, 'x', now);
    expect((await checkRateLimit(a, rule, 'x', now)).allowed).toBe(false);
    expect((await checkRateLimit(b, rule, 'x', now)).allowed).toBe(false);
  });

  it('never stores an email in clear, and clears an email’s keys on erasure', async () => {
    const store = createPostgresRateLimitStore(handle.db);
    const now = new Date('2026-05-01T12:00:00Z');
    await recordRateLimitHit(
      store,
      RATE_LIMITS.loginFailuresPerAccount,
      emailSubject('Who@Example.test'),
      now,
    );
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
