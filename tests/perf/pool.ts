// `pnpm bench:pool`: the figures of docs/security.md target 18 ("exhaustion answers 503 within 5 s, a restart
// survived"), measured rather than asserted (a benchmark reports figures;
// apps/server/src/reliability/pool.int.test.ts checks the behaviour: the answers, the recovery, no
// acknowledged write lost). On PostgreSQL only (PGlite has no pool): the server of
// DATABASE_URL/TEST_DATABASE_URL (default the local one), a scratch database rhema_pool_<random> dropped at
// the end. The server runs in this process with the shipped pool settings (apps/server/src/env.ts defaults),
// in front of a TCP proxy that plays the restart.
//
//   1. Exhaustion: every pooled connection held by a slow statement; how long a REST read, a tRPC query, a tRPC
//      mutation and /healthz take to answer (and with what), 10 of each at once.
//   2. Restart: under a steady load, every connection dropped and new ones refused for 2 s; the slowest answer while
//      PostgreSQL is away, and how long after it is back /healthz answers 200 again.
import { randomBytes } from 'node:crypto';
import { hostname, loadavg } from 'node:os';
import { createDb, migrateToLatest, type DbHandle } from '@rhema/db';
import { createDatabase, dropDatabase } from '@rhema/db/testing-pg';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildServer } from '../../apps/server/src/app';
import { loadEnv } from '../../apps/server/src/env';
import { startTcpProxy } from '../../apps/server/src/reliability/tcp-proxy';

const SERVER_URL =
  process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const TARGET_MS = 5_000;
const OUTAGE_MS = 2_000;

const faqsOverTrpc = `/trpc/faqs.list?input=${encodeURIComponent(JSON.stringify({ faq_type: 'faqs' }))}`;
let address = 0;
const signup = (email: string): InjectOptions => ({
  method: 'POST',
  url: '/trpc/training.signup',
  payload: { first_name: 'Ada', email, consent: true },
  remoteAddress: `10.9.${(++address >> 8) & 255}.${address & 255}`,
});

async function timed(app: FastifyInstance, options: InjectOptions) {
  const started = performance.now();
  const res = await app.inject(options);
  return { status: res.statusCode, ms: performance.now() - started };
}

function row(label: string, answers: { status: number; ms: number }[]): string {
  const ms = answers.map((a) => a.ms).sort((x, y) => x - y);
  const statuses = [...new Set(answers.map((a) => a.status))].join(',');
  const max = ms[ms.length - 1] ?? Number.NaN;
  return (
    `  ${label.padEnd(44)} ${String(answers.length).padStart(4)}  ${statuses.padEnd(8)} ` +
    `p50 ${(ms[Math.floor(ms.length / 2)] ?? Number.NaN).toFixed(0).padStart(5)} ms  max ${max.toFixed(0).padStart(5)} ms  ` +
    `${max < TARGET_MS ? 'within 5 s' : 'OVER 5 s'}`
  );
}

async function startServer(databaseUrl: string) {
  const env = loadEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    DATABASE_URL: databaseUrl,
  });
  const handle = await createDb({
    databaseUrl: env.DATABASE_URL,
    poolMax: env.DB_POOL_MAX,
    statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
    connectionTimeoutMs: env.DB_CONNECTION_TIMEOUT_MS,
    onPoolError: () => undefined,
  });
  const app = await buildServer({ env, db: handle.db });
  await app.ready();
  return { app, handle, env };
}

async function exhaustion(databaseUrl: string, name: string, admin: DbHandle) {
  const { app, handle, env } = await startServer(databaseUrl);
  try {
    const holders = Array.from({ length: env.DB_POOL_MAX }, () =>
      handle.pool!.query('select pg_sleep(30)').catch(() => null),
    );
    // wait until every pooled connection runs its slow statement
    for (;;) {
      const busy = await admin.pool!.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = $1 and state = 'active' and query like 'select pg_sleep%'`,
        [name],
      );
      if ((busy.rows[0]?.n ?? 0) >= env.DB_POOL_MAX) break;
    }
    const kinds: [string, () => InjectOptions][] = [
      ['REST GET api/v1/faqs', () => ({ method: 'GET', url: '/api/v1/faqs?faq_type=faqs' })],
      ['tRPC query faqs.list', () => ({ method: 'GET', url: faqsOverTrpc })],
      ['tRPC mutation training.signup', () => signup(`pool-${randomBytes(4).toString('hex')}@example.test`)],
      ['GET /healthz', () => ({ method: 'GET', url: '/healthz' })],
    ];
    const results = await Promise.all(
      kinds.map(
        async ([label, make]) =>
          [label, await Promise.all(Array.from({ length: 10 }, () => timed(app, make())))] as const,
      ),
    );
    console.log(
      `\n1. Pool exhausted: all ${env.DB_POOL_MAX} connections held by pg_sleep; DB_CONNECTION_TIMEOUT_MS ` +
        `${env.DB_CONNECTION_TIMEOUT_MS} (the wait for a free connection)`,
    );
    for (const [label, answers] of results) console.log(row(label, answers));
    await admin.pool!.query(
      `select pg_cancel_backend(pid) from pg_stat_activity where datname = $1 and query like 'select pg_sleep%'`,
      [name],
    );
    await Promise.all(holders);
  } finally {
    await app.close();
    await handle.close();
  }
}

async function restart(databaseUrl: string) {
  const target = new URL(databaseUrl);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const proxied = new URL(databaseUrl);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  const { app, handle } = await startServer(proxied.toString());
  const outcomes: { startedAt: number; endedAt: number; status: number }[] = [];
  let running = true;
  let n = 0;
  const worker = async () => {
    while (running) {
      const startedAt = performance.now();
      const { status } = await timed(
        app,
        n++ % 2 === 0
          ? { method: 'GET', url: '/api/v1/faqs?faq_type=faqs' }
          : signup(`restart-${n}@example.test`),
      );
      outcomes.push({ startedAt, endedAt: performance.now(), status });
    }
  };
  const workers = Array.from({ length: 4 }, worker);
  try {
    while (outcomes.length < 50) await new Promise((resolve) => setImmediate(resolve));
    const cutAt = performance.now();
    await proxy.cut();
    const outage = new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    await outage;
    const restoredAt = performance.now();
    await proxy.restore();
    let healthyAt = Number.NaN;
    while (performance.now() - restoredAt < 30_000) {
      if ((await app.inject({ method: 'GET', url: '/healthz' })).statusCode === 200) {
        healthyAt = performance.now();
        break;
      }
    }
    running = false;
    await Promise.all(workers);
    const during = outcomes.filter((o) => o.startedAt >= cutAt && o.startedAt < restoredAt);
    const statuses = [...new Set(during.map((o) => o.status))].join(',');
    const slowest = Math.max(0, ...during.map((o) => o.endedAt - o.startedAt));
    console.log(
      `\n2. PostgreSQL restart: every connection dropped (${proxy.cutConnections}), new ones refused for ${OUTAGE_MS} ms`,
    );
    console.log(
      `  ${during.length} requests during the outage answered ${statuses}, slowest ${slowest.toFixed(0)} ms ` +
        `(${slowest < TARGET_MS ? 'within 5 s' : 'OVER 5 s'}); /healthz 200 again ${(healthyAt - restoredAt).toFixed(0)} ms ` +
        `after PostgreSQL was back; ${outcomes.filter((o) => o.status !== 200 && o.status !== 503).length} answers ` +
        'other than 200 or 503',
    );
  } finally {
    running = false;
    await Promise.all(workers);
    await app.close();
    await handle.close();
    await proxy.close();
  }
}

const name = `rhema_pool_${randomBytes(4).toString('hex')}`;
const databaseUrl = await createDatabase(SERVER_URL, name);
const admin = await createDb({ databaseUrl: SERVER_URL, poolMax: 1 });
try {
  const migrated = await createDb({ databaseUrl });
  await migrateToLatest(migrated.db);
  await migrated.close();
  console.log(
    `Pool benchmark (docs/security.md target 18) on ${hostname()}, load average ${loadavg()[0]?.toFixed(2)}: ` +
      'time to answer, not an assertion',
  );
  await exhaustion(databaseUrl, name, admin);
  await restart(databaseUrl);
} finally {
  await admin.close();
  await dropDatabase(SERVER_URL, name);
}
