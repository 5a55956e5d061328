// docs/security.md, F23: on the embedded database 300 clients for 6 s got p99 6.0 s and no 503,
// since PGlite's one connection had an endless line. The server's PGlite (a connection timeout set, as index.ts
// sets DB_CONNECTION_TIMEOUT_MS) now sheds load as the PostgreSQL pool does: a bounded line, and past it, or past
// the wait, a 503 with Retry-After. Here the one connection is held by a transaction that waits for the test.
import { createMemoryMailer } from '@rhema/core';
import { createDb, DatabaseBusyError, migrateToLatest, type DbHandle } from '@rhema/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import { loadEnv } from '../env';

function blocker() {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { gate, open };
}

describe('the embedded database under more requests than it serves (F23)', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createDb({ pgliteDataDir: 'memory://', connectionTimeoutMs: 300, pgliteMaxWaiting: 3 });
    await migrateToLatest(handle.db);
    // an embedded database of its own (the bounded line is its option), made and migrated here: ~4 s on a quiet
    // machine, over the default hook time on a busy one
  }, 120_000);
  afterAll(() => handle.close());

  /** holds the one connection in a transaction until `release` */
  async function hold() {
    const held = blocker();
    const started = blocker();
    const done = handle.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      started.open();
      await held.gate;
    });
    await started.gate;
    return { release: held.open, done };
  }

  it('past the bounded line a query fails at once, and a waiting one fails when its wait is over', async () => {
    const { release, done } = await hold();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, () => sql`select 1 as one`.execute(handle.db)),
    );
    // 3 waited and gave up, 2 found the line full: none ran, every one a busy error, never a hang
    expect(outcomes.map((o) => o.status)).toEqual(Array(5).fill('rejected'));
    for (const outcome of outcomes) {
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(DatabaseBusyError);
    }
    release();
    await done;
    // the connection is free again: the next query runs
    expect((await sql<{ one: number }>`select 1 as one`.execute(handle.db)).rows).toEqual([{ one: 1 }]);
  });

  it('the server answers 503 with Retry-After in the envelope (REST) and in tRPC, and serves again after', async () => {
    const app = await buildServer({
      env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' }),
      db: handle.db,
      services: { mailer: createMemoryMailer(), jobs: 'inline' },
    });
    await app.ready();
    try {
      const { release, done } = await hold();
      const [rest, trpc] = await Promise.all([
        app.inject({ method: 'GET', url: '/api/v1/faqs?faq_type=faqs' }),
        app.inject({
          method: 'GET',
          url: `/trpc/faqs.list?input=${encodeURIComponent(JSON.stringify({ faq_type: 'faqs' }))}`,
        }),
      ]);
      for (const answer of [rest, trpc]) {
        expect(answer.statusCode).toBe(503);
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(rest.json()).toMatchObject({ success: false });
      release();
      await done;
      expect((await app.inject({ method: 'GET', url: '/api/v1/faqs?faq_type=faqs' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
