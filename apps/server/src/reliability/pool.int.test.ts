// docs/security.md target 18: the PostgreSQL pool under pressure. Pool exhaustion answers 503 within 5 s and never hangs;
// a PostgreSQL restart (played out by a TCP proxy that drops every connection and refuses new ones for 2 s) is
// survived without restarting the server, and every write that got a 2xx is in the database afterwards.
// PostgreSQL only: PGlite has no pool and no network.
import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { toPublicError } from '@rhema/api';
import { createDb } from '@rhema/db';
import { testDbKind } from '@rhema/db/testing';
import { createDatabase, dropDatabase } from '@rhema/db/testing-pg';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { buildServer } from '../app';
import { loadEnv } from '../env';
import { startTcpProxy } from './tcp-proxy';

/** how long the test waits for /healthz to answer 200 again once PostgreSQL is back (a bound on a wait, not a figure) */
const RECOVERY_WAIT_MS = 10_000;
const BUSY_MESSAGE = 'The service is busy; please try again in a moment.';

/** A statement on the PostgreSQL server itself (its `postgres` database), outside the server under test. */
async function adminQuery<T>(query: RawBuilder<T>): Promise<T[]> {
  const handle = await createDb({ databaseUrl: inject('postgresServerUrl'), poolMax: 1 });
  try {
    return (await query.execute(handle.db)).rows;
  } finally {
    await handle.close();
  }
}

/** A migrated database of its own, copied from the run's template. */
async function freshDatabase() {
  const serverUrl = inject('postgresServerUrl');
  const name = `rhema_test_pool_${randomBytes(4).toString('hex')}`;
  const url = await createDatabase(serverUrl, name, inject('postgresTemplateDatabase'));
  return { name, url, drop: () => dropDatabase(serverUrl, name) };
}

/** The server wired as in index.ts: pool settings from the environment, pool errors collected. */
async function startServer(databaseUrl: string, envOverrides: Record<string, string> = {}) {
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    DATABASE_URL: databaseUrl,
    ...envOverrides,
  });
  const poolErrors: Error[] = [];
  const handle = await createDb({
    databaseUrl: env.DATABASE_URL,
    poolMax: env.DB_POOL_MAX,
    statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
    connectionTimeoutMs: env.DB_CONNECTION_TIMEOUT_MS,
    onPoolError: (error) => poolErrors.push(error),
  });
  const app = await buildServer({ env, db: handle.db });
  await app.ready();
  return {
    app,
    db: handle.db,
    poolErrors,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

async function timed(app: FastifyInstance, options: InjectOptions) {
  const started = performance.now();
  const res = await app.inject(options);
  return { res, ms: Math.round(performance.now() - started) };
}

const faqsOverTrpc = `/trpc/faqs.list?input=${encodeURIComponent(JSON.stringify({ faq_type: 'faqs' }))}`;

/** A distinct client address per request: training signups are limited to 10 per 10 minutes per IP. */
function ipFor(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

function signup(email: string, n: number): InjectOptions {
  return {
    method: 'POST',
    url: '/trpc/training.signup',
    payload: { first_name: 'Ada', email, consent: true },
    remoteAddress: ipFor(n),
  };
}

describe.runIf(testDbKind() === 'postgres')('PostgreSQL pool (docs/security.md target 18)', () => {
  it('answers 503, never hangs, while every pooled connection is busy, then serves again', async ({
    annotate,
  }) => {
    const database = await freshDatabase();
    // pg-pool's connectionTimeoutMillis also bounds the wait for a free client; the shipped default (5000 ms)
    // answers after ~5.05 s, so the bound is set below 5 s here
    const server = await startServer(database.url, { DB_POOL_MAX: '2' });
    try {
      // both connections of the pool held by slow statements
      const holders = [1, 2].map(() =>
        sql`select pg_sleep(8)`.execute(server.db).then(
          () => null,
          (error: unknown) => error,
        ),
      );
      await expect
        .poll(
          async () =>
            (
              await adminQuery(
                sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
                 where datname = ${database.name} and state = 'active' and query like 'select pg_sleep%'`,
              )
            )[0]?.n,
          { timeout: 5_000, interval: 50 },
        )
        .toBe(2);

      const [rest, trpcQuery, trpcMutation, health] = await Promise.all([
        timed(server.app, { method: 'GET', url: '/api/v1/faqs?faq_type=faqs' }),
        timed(server.app, { method: 'GET', url: faqsOverTrpc }),
        timed(server.app, signup('busy-pool@example.com', 1)),
        timed(server.app, { method: 'GET', url: '/healthz' }),
      ]);
      await annotate(
        `pool of 2 held busy: REST 503 after ${rest.ms} ms, tRPC query ${trpcQuery.ms} ms, ` +
          `tRPC mutation ${trpcMutation.ms} ms, /healthz ${health.ms} ms`,
      );

      expect(rest.res.statusCode).toBe(503);
      expect(rest.res.json()).toEqual({
        success: false,
        message: BUSY_MESSAGE,
        request_id: rest.res.headers['x-request-id'],
      });
      for (const answer of [trpcQuery, trpcMutation]) {
        expect(answer.res.statusCode).toBe(503);
        expect(answer.res.json()).toMatchObject({
          error: { message: BUSY_MESSAGE, data: { httpStatus: 503, appCode: 'UNAVAILABLE' } },
        });
      }
      expect(health.res.statusCode).toBe(503);
      expect(health.res.json()).toEqual({ status: 'error', db: 'unreachable' });
      // how long the answers took is a figure, not an assertion (a timing would make the test flaky): the
      // annotation above reports it with the test, `pnpm bench:pool` (tests/perf/pool.ts) measures it with
      // the shipped settings; the test's own time-out bounds a hang

      // the slow statements end (cancelled here, as statement_timeout would): the same server serves again
      await adminQuery(
        sql`select pg_cancel_backend(pid) from pg_stat_activity
         where datname = ${database.name} and query like 'select pg_sleep%'`,
      );
      for (const error of await Promise.all(holders)) expect(error).toMatchObject({ code: '57014' });
      const after = await server.app.inject({ method: 'GET', url: '/api/v1/faqs?faq_type=faqs' });
      expect(after.statusCode).toBe(200);
      expect((await server.app.inject(signup('busy-pool@example.com', 2))).statusCode).toBe(200);
    } finally {
      await server.close();
      await database.drop();
    }
  });

  it('survives a PostgreSQL restart under load: 503 while down, serving after, no acknowledged write lost', async ({
    annotate,
  }) => {
    const database = await freshDatabase();
    const target = new URL(database.url);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const proxied = new URL(database.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    const server = await startServer(proxied.toString());
    const tag = randomBytes(4).toString('hex');

    interface Outcome {
      kind: 'write' | 'read';
      startedAt: number;
      endedAt: number;
      status: number;
      email?: string;
    }
    const outcomes: Outcome[] = [];
    const ms = (o: Outcome) => o.endedAt - o.startedAt;
    const slowest = (list: Outcome[]) => Math.round(Math.max(0, ...list.map(ms)));
    let running = true;
    let seq = 0;
    // a steady load: alternating training signups (unique emails) and FAQ reads (REST and tRPC), four at a time
    const worker = async () => {
      while (running) {
        const n = seq++;
        const startedAt = performance.now();
        if (n % 2 === 0) {
          const email = `restart-${tag}-${n}@example.com`;
          const res = await server.app.inject(signup(email, n));
          outcomes.push({
            kind: 'write',
            startedAt,
            endedAt: performance.now(),
            status: res.statusCode,
            email,
          });
        } else {
          const url = n % 4 === 1 ? '/api/v1/faqs?faq_type=faqs' : faqsOverTrpc;
          const res = await server.app.inject({ method: 'GET', url });
          outcomes.push({ kind: 'read', startedAt, endedAt: performance.now(), status: res.statusCode });
        }
        await delay(5);
      }
    };
    const health = () => timed(server.app, { method: 'GET', url: '/healthz' });
    const workers = [1, 2, 3, 4].map(() => worker());

    // the load is running: answers have come back from every worker's first rounds
    const answered = (count: number) =>
      expect.poll(() => outcomes.length, { timeout: 10_000, interval: 20 }).toBeGreaterThanOrEqual(count);
    try {
      await answered(20);
      expect((await health()).res.statusCode).toBe(200);
      // two connections checked out when PostgreSQL goes: a statement in flight, and a transaction between two
      // statements (a lost connection emits 'error' on a client the pool no longer listens to)
      const inFlight = sql`select pg_sleep(5)`.execute(server.db).then(
        () => null,
        (error: unknown) => error,
      );
      let resume = () => {};
      const resumed = new Promise<void>((resolve) => (resume = resolve));
      let began = () => {};
      const begun = new Promise<void>((resolve) => (began = resolve));
      const openTransaction = server.db
        .transaction()
        .execute(async (trx) => {
          await sql`select 1`.execute(trx);
          began();
          await resumed;
          await sql`select 1`.execute(trx);
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
      await begun;
      const poolErrorsBefore = server.poolErrors.length;

      // the "restart": every connection dropped, new ones refused for 2 s
      const cutAt = performance.now();
      await proxy.cut();
      const healthDuringOutage: { status: number; ms: number }[] = [];
      while (performance.now() - cutAt < 2_000) {
        const { res, ms: took } = await health();
        healthDuringOutage.push({ status: res.statusCode, ms: took });
        await delay(200);
      }
      resume();
      const restoringAt = performance.now();
      await proxy.restore();
      let recovered = await health();
      while (recovered.res.statusCode !== 200 && performance.now() - restoringAt < RECOVERY_WAIT_MS) {
        recovered = await health();
      }
      const recoveredAt = performance.now();
      // served again: 20 more answers, all started after /healthz said so
      await expect
        .poll(() => outcomes.filter((o) => o.startedAt > recoveredAt).length, {
          timeout: 10_000,
          interval: 20,
        })
        .toBeGreaterThanOrEqual(20);
      running = false;
      await Promise.all(workers);

      const inFlightError = await inFlight;
      const transactionError = await openTransaction;
      const before = outcomes.filter((o) => o.endedAt < cutAt);
      // started after the cut and answered before PostgreSQL was back
      const during = outcomes.filter((o) => o.startedAt > cutAt && o.endedAt < restoringAt);
      const afterRecovery = outcomes.filter((o) => o.startedAt > recoveredAt);
      const acked = outcomes.filter((o) => o.kind === 'write' && o.status === 200).map((o) => o.email!);
      const refusedWrites = outcomes
        .filter((o) => o.kind === 'write' && o.status === 503)
        .map((o) => o.email!);
      const stored = await storedSignups(database.url, acked.concat(refusedWrites));
      await annotate(
        `${outcomes.length} requests, ${acked.length} writes acknowledged, ${proxy.cutConnections} connections cut; ` +
          `during the 2 s outage ${during.filter((o) => o.status === 503).length} of ${during.length} requests ` +
          `answered 503, slowest ${slowest(during)} ms; /healthz 503 in at most ` +
          `${Math.max(...healthDuringOutage.map((h) => h.ms))} ms, 200 again ${Math.round(recoveredAt - restoringAt)} ms ` +
          `after the restart; after it ${afterRecovery.length} requests, slowest ${slowest(afterRecovery)} ms; ` +
          `${refusedWrites.filter((email) => stored.has(email)).length} of ${refusedWrites.length} writes answered ` +
          `503 were stored anyway; ${server.poolErrors.length} pool errors handled`,
      );

      // nothing but 2xx and 503 (how long they took: the annotation above, and `pnpm bench:pool`)
      expect(outcomes.filter((o) => o.status !== 200 && o.status !== 503)).toEqual([]);
      expect(before.length).toBeGreaterThan(0);
      expect(before.filter((o) => o.status !== 200)).toEqual([]);
      // while PostgreSQL is down: every request fails fast with 503, and /healthz says so
      expect(during.length).toBeGreaterThan(0);
      expect(during.filter((o) => o.status !== 503)).toEqual([]);
      expect(healthDuringOutage.map((h) => h.status)).toEqual(healthDuringOutage.map(() => 503));
      expect(inFlightError && toPublicError(inFlightError).status).toBe(503);
      expect(transactionError && toPublicError(transactionError).status).toBe(503);
      // the dropped connections reached the pool's error handler, and the process lives on
      expect(proxy.cutConnections).toBeGreaterThan(0);
      expect(server.poolErrors.length).toBeGreaterThan(poolErrorsBefore);
      // the same server serves again once PostgreSQL is back
      expect(recovered.res.statusCode).toBe(200);
      expect(afterRecovery.length).toBeGreaterThan(0);
      expect(afterRecovery.filter((o) => o.status !== 200)).toEqual([]);
      // no acknowledged write lost
      expect(acked.length).toBeGreaterThan(0);
      expect(acked.filter((email) => !stored.has(email))).toEqual([]);
    } finally {
      running = false;
      await Promise.allSettled(workers);
      await server.close();
      await proxy.close();
      await database.drop();
    }
  });
});

/** The given training signups that are in the database, read straight from PostgreSQL (not through the proxy). */
async function storedSignups(databaseUrl: string, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const handle = await createDb({ databaseUrl, poolMax: 1 });
  try {
    const rows = await handle.db
      .selectFrom('training_signups')
      .select('email')
      .where('email', 'in', emails)
      .execute();
    return new Set(rows.map((row) => row.email));
  } finally {
    await handle.close();
  }
}
