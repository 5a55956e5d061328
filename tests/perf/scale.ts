// `pnpm bench:scale` (run by `pnpm bench` after a build): the REST paths at scale with autocannon over loopback,
// on PostgreSQL with 1,000,000 members (BENCH_MEMBERS), seeded once into `rhema_bench_1m` and reused when present.
// Beside the built server it starts tests/perf/bare-server.ts, Fastify with a bare pg pool, as the ceiling: the same
// SQL as GET api/v1/faqs, and the same /terms page from memory. Prints one table (requests/s, p50, p99, errors,
// ratio to the ceiling, the server's peak RSS) and writes it to bench/results/<date>-<host>.md. Asserts nothing
// (a benchmark reports figures): the targets and their causes are in docs/decisions/101-request-overhead.md.
// Env: DATABASE_URL or TEST_DATABASE_URL (the PostgreSQL server; default the local one), BENCH_MEMBERS,
// BENCH_SECONDS (per path, default 10), BENCH_CONNECTIONS (default 10), DEMO_PASSWORD.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, hostname, loadavg, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { createDb, migrateToLatest } from '@rhema/db';
import { createDatabase, withDatabaseName } from '@rhema/db/testing-pg';
import autocannon from 'autocannon';
import pg from 'pg';
import { DEMO_ACCOUNTS, demoToken } from './demo-login';
import { peakRssMb } from './process-stats';

const ROOT = resolve(import.meta.dirname, '../..');
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const APP_PORT = 3510;
const BARE_PORT = 3511;

interface Row {
  name: string;
  /** same-sql: the bare server running the statements this path's request ran (captured, capture-sql.ts) */
  ceiling: 'same-sql' | 'bare-static' | 'bare-noop' | 'none';
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  ratio: number | null;
  rssMb: number | null;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code) =>
      code === 0 ? done() : fail(new Error(`${command} ${args.join(' ')}: ${code}`)),
    );
  });
}

async function waitFor(url: string, child: ChildProcess, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} did not answer in ${timeoutMs} ms`);
}

/** The bench database: created and seeded the first time, reused while it holds the demo accounts. */
async function benchDatabase(): Promise<string> {
  const server =
    process.env.DATABASE_URL ||
    process.env.TEST_DATABASE_URL ||
    'postgres://postgres@127.0.0.1:5432/postgres';
  const name = MEMBERS === 1_000_000 ? 'rhema_bench_1m' : `rhema_bench_${MEMBERS}`;
  const url = withDatabaseName(server, name);
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount;
  await admin.end();
  if (!exists) await createDatabase(server, name);
  let seeded = false;
  if (exists) {
    const handle = await createDb({ databaseUrl: url });
    try {
      const users = await handle.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'admin@example.com')
        .executeTakeFirst()
        .catch(() => undefined);
      seeded = !!users;
    } finally {
      await handle.close();
    }
  }
  if (seeded) {
    console.log(`Reusing ${name} (seeded before; drop it to seed again); migrating it to the latest schema`);
    // later migrations build indexes over a million rows: past the server's 10 s statement timeout, and not
    // something the server's start should be timed with
    const handle = await createDb({ databaseUrl: url, statementTimeoutMs: 0 });
    try {
      await migrateToLatest(handle.db);
    } finally {
      await handle.close();
    }
  } else {
    console.log(`Seeding ${MEMBERS} members into ${name} (once)`);
    await run('pnpm', ['db:seed', '--reset', '--members', String(MEMBERS)], {
      ...process.env,
      DATABASE_URL: url,
      NODE_ENV: 'development',
    });
  }
  return url;
}

async function fixtures(url: string) {
  const handle = await createDb({ databaseUrl: url });
  try {
    const member = await handle.db
      .selectFrom('users')
      .select(['first_name', 'phone', 'country_code'])
      .where('role', '=', 'member')
      .where('status', '=', 'active')
      .where('phone', 'is not', null)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const reference = await handle.db
      .selectFrom('users')
      .select('contact_reference')
      .where('profile_visibility', '=', 'visible')
      .where('status', '=', 'active')
      .where('role', '=', 'member')
      .orderBy('id')
      .offset(1000)
      .executeTakeFirstOrThrow();
    // member2 asked to be introduced to member (the seed's demo flow): member accepts it, then again and again
    const match = await handle.db
      .selectFrom('introductions as i')
      .innerJoin('users as owner', 'owner.id', 'i.owner_id')
      .innerJoin('users as contact', 'contact.id', 'i.contact_id')
      .select('i.id')
      .where('owner.email', '=', 'member2@example.com')
      .where('contact.email', '=', 'member@example.com')
      .where('i.status', 'in', ['requested', 'accepted'])
      .executeTakeFirstOrThrow();
    return { member, reference: reference.contact_reference, matchId: match.id };
  } finally {
    await handle.close();
  }
}

interface Path {
  name: string;
  ceiling: Row['ceiling'];
  path: string;
  headers?: Record<string, string>;
  method?: 'GET' | 'PATCH';
  body?: string;
  /** the probe's answer: a path that does not answer 2xx is not measured */
  status?: number;
}

/** One request as the benchmark will send it; its status. */
async function probe(base: string, p: Path): Promise<number> {
  const res = await fetch(`${base}${p.path}`, {
    method: p.method ?? 'GET',
    headers: { ...p.headers, 'x-forwarded-for': '203.0.113.9' },
    ...(p.body ? { body: p.body } : {}),
  });
  await res.arrayBuffer();
  return res.status;
}

/**
 * The embedded default as a user runs it: the built server with no DATABASE_URL, on an existing PGlite folder
 * (.data/bench-pglite, seeded once with the default demo set), three starts to a healthy /healthz.
 */
async function embeddedStart(env: NodeJS.ProcessEnv): Promise<number[]> {
  const dataDir = resolve(ROOT, '.data/bench-pglite');
  const embeddedEnv = { ...env, PGLITE_DATA_DIR: dataDir, NODE_ENV: 'production' };
  delete embeddedEnv.DATABASE_URL;
  delete embeddedEnv.TEST_DATABASE_URL;
  if (!existsSync(dataDir)) {
    console.log(`Seeding the embedded database in ${dataDir} (once)`);
    await run('pnpm', ['db:seed'], { ...embeddedEnv, NODE_ENV: 'development' });
  }
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const app = spawn('node', [resolve(ROOT, 'apps/server/dist/index.js')], {
      cwd: ROOT,
      env: embeddedEnv,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    try {
      times.push(await waitFor(`http://127.0.0.1:${env.PORT}/healthz`, app, 60_000));
    } finally {
      const exited = new Promise((done) => app.once('exit', done));
      app.kill('SIGTERM');
      await exited;
    }
  }
  return times;
}

let addressCounter = 0;
/** A new client address per request (the server trusts X-Forwarded-For here), so per-IP limits do not cap it. */
function nextAddress(): string {
  addressCounter++;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

async function measure(
  url: string,
  options: { headers?: Record<string, string>; method?: 'GET' | 'PATCH'; body?: string } = {},
): Promise<autocannon.Result> {
  const opts = {
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    ...(options.body ? { body: options.body } : {}),
    requests: [
      {
        setupRequest: (request: autocannon.Request) => ({
          ...request,
          headers: { ...request.headers, 'x-forwarded-for': nextAddress() },
        }),
      },
    ],
  } as autocannon.Options;
  // a short warm-up (JIT, plans, caches), then the measured run
  await autocannon({ ...opts, duration: 2 });
  return autocannon(opts);
}

async function main(): Promise<void> {
  const webDist = resolve(ROOT, process.env.WEB_DIST_DIR ?? 'apps/web/dist');
  const entry = resolve(ROOT, 'apps/server/dist/index.js');
  if (!existsSync(entry) || !existsSync(resolve(webDist, 'prerendered/terms.html'))) {
    console.log('\nScale benchmark: no build (apps/server/dist, apps/web/dist): run pnpm build first');
    return;
  }
  const databaseUrl = await benchDatabase();
  const fx = await fixtures(databaseUrl);

  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(APP_PORT),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    WEB_DIST_DIR: webDist,
    PUBLIC_ORIGIN: `http://127.0.0.1:${APP_PORT}`,
    TRUST_PROXY: 'true',
    SHUTDOWN_DELAY_MS: '0',
    // production's log level and request logging, written where a log shipper would read them
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  };
  const children: ChildProcess[] = [];
  const stop = () => children.forEach((c) => c.exitCode === null && c.kill('SIGTERM'));
  process.on('exit', stop);
  const base = `http://127.0.0.1:${APP_PORT}`;
  const bareBase = `http://127.0.0.1:${BARE_PORT}`;
  try {
    const startServer = async (nodeArgs: string[], extraEnv: NodeJS.ProcessEnv = {}) => {
      const app = spawn('node', [...nodeArgs, entry], {
        cwd: ROOT,
        env: { ...env, ...extraEnv },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(app);
      const ms = await waitFor(`${base}/healthz`, app, 60_000);
      return { app, ms };
    };
    const stopServer = async (child: ChildProcess) => {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    };

    // 1. a server that records its SQL (capture-sql.ts) for one probe per path: what the bare ceiling runs
    const captureFile = resolve(ROOT, 'bench/.capture-sql.jsonl');
    writeFileSync(captureFile, '');
    const capturing = await startServer(
      ['--import', 'tsx', '--import', resolve(ROOT, 'tests/perf/capture-sql.ts')],
      { CAPTURE_SQL_FILE: captureFile },
    );
    // the paths, each with the client it is measured as (sessions live in the database: valid on every server)
    const adminAuth = {
      authorization: `Bearer ${await demoToken(base, DEMO_ACCOUNTS.admin, '198.51.100.77')}`,
    };
    const memberAuth = {
      authorization: `Bearer ${await demoToken(base, DEMO_ACCOUNTS.member, '198.51.100.77')}`,
    };
    const mixes: [string, string][] = [
      ['age range only', 'min_age=25&max_age=35'],
      ['gender and country', `gender=female&my_country_only=1&country_code=${fx.member.country_code}`],
      ['first name', `first_name=${encodeURIComponent(fx.member.first_name)}`],
      ['phone', `phone=${encodeURIComponent(fx.member.phone ?? '')}`],
    ];
    const paths: Path[] = [
      { name: 'GET /healthz', ceiling: 'same-sql', path: '/healthz' },
      { name: 'GET api/v1/faqs', ceiling: 'same-sql', path: '/api/v1/faqs?faq_type=faqs' },
      {
        name: 'GET api/v1/search/match',
        ceiling: 'same-sql',
        path: `/api/v1/search/match?contact_reference=${fx.reference}`,
      },
      { name: 'GET /terms (prerendered)', ceiling: 'bare-static', path: '/terms' },
      ...mixes.map(([label, query]): Path => ({
        name: `GET user-introductions/pre/matched: ${label}`,
        ceiling: 'same-sql',
        path: `/api/v1/user-introductions/pre/matched?${query}`,
        headers: adminAuth,
      })),
      {
        name: 'GET admin/user-introductions/introduction/list',
        ceiling: 'same-sql',
        path: '/api/v1/admin/user-introductions/introduction/list',
        headers: adminAuth,
      },
      {
        name: 'GET user-introductions (member)',
        ceiling: 'same-sql',
        path: '/api/v1/user-introductions',
        headers: memberAuth,
      },
      {
        name: 'PATCH user-introductions/:id/accept (member, repeated)',
        ceiling: 'same-sql',
        path: `/api/v1/user-introductions/${fx.matchId}/accept`,
        method: 'PATCH',
        headers: { ...memberAuth, 'content-type': 'application/json' },
        body: '{}',
      },
    ];

    const sameSql: Record<string, { text: string; values: unknown[] }[]> = {};
    for (const [i, p] of paths.entries()) {
      // twice: the second is the steady state (a repeated accept, warm caches), and the one recorded
      await probe(base, p);
      const before = readFileSync(captureFile, 'utf8').length;
      const status = await probe(base, p);
      await new Promise((r) => setTimeout(r, 100)); // statements after the answer (session touch, audit)
      const statements = readFileSync(captureFile, 'utf8')
        .slice(before)
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { text: string; values: unknown[] })
        // the job worker's polling and the live-message listener are not the request's
        .filter((q) => !/\bjobs\b|^\s*(UN)?LISTEN\b/i.test(q.text));
      p.status = status;
      if (p.ceiling === 'same-sql') sameSql[String(i)] = statements;
    }
    await stopServer(capturing.app);

    // 2. the ceilings: a bare Fastify + pg server running each path's statements, a static page, a no-op
    const sqlFile = resolve(ROOT, 'bench/.same-sql.json');
    writeFileSync(sqlFile, JSON.stringify(sameSql));
    const bare = spawn('node', ['--import', 'tsx', resolve(ROOT, 'tests/perf/bare-server.ts')], {
      cwd: ROOT,
      env: { ...env, BARE_PORT: String(BARE_PORT), SAME_SQL_FILE: sqlFile },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(bare);
    await waitFor(`${bareBase}/healthz`, bare, 60_000);
    const rows: Row[] = [];
    const record = (
      name: string,
      ceiling: Row['ceiling'],
      result: autocannon.Result,
      against: number | null,
      pid?: number,
    ) => {
      const row: Row = {
        name,
        ceiling,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
        ratio: against ? result.requests.average / against : null,
        rssMb: peakRssMb(pid),
      };
      rows.push(row);
      console.log(line(row));
      return row;
    };
    console.log(
      `\n${MEMBERS} members; ${CONNECTIONS} connections, ${SECONDS} s per path after a 2 s warm-up; ` +
        `load average before ${loadavg()[0]?.toFixed(2)}`,
    );
    console.log(header());
    const staticCeiling = record(
      'bare Fastify: /terms from memory',
      'bare-static',
      await measure(`${bareBase}/terms`),
      null,
      bare.pid,
    );
    const noopCeiling = record(
      'bare Fastify: no-op',
      'bare-noop',
      await measure(`${bareBase}/noop`),
      null,
      bare.pid,
    );
    const ceilingOf = new Map<number, number>();
    for (const [i, p] of paths.entries()) {
      if (p.ceiling !== 'same-sql' || !sameSql[String(i)]) continue;
      const result = await measure(`${bareBase}/same/${i}`);
      ceilingOf.set(i, result.requests.average);
      record(`bare Fastify + pg: SQL of ${p.name}`, 'same-sql', result, null, bare.pid);
    }
    await stopServer(bare);

    // 3. the built server as it runs in production, started on the bench database (timed), path by path
    const { app, ms: startMs } = await startServer([]);
    for (const [i, p] of paths.entries()) {
      if (p.status === undefined || p.status >= 400) {
        console.log(`  ${p.name}: skipped, answers ${p.status}`);
        continue;
      }
      const against =
        p.ceiling === 'same-sql'
          ? (ceilingOf.get(i) ?? null)
          : p.ceiling === 'bare-static'
            ? staticCeiling.rps
            : noopCeiling.rps;
      const options = {
        ...(p.headers ? { headers: p.headers } : {}),
        ...(p.method ? { method: p.method } : {}),
        ...(p.body ? { body: p.body } : {}),
      };
      record(p.name, p.ceiling, await measure(`${base}${p.path}`, options), against, app.pid);
    }
    await stopServer(app);

    // 4. the embedded default: `pnpm start` on an existing data folder, to a healthy /healthz
    const embedded = await embeddedStart(env);
    console.log(
      `\nEmbedded PGlite, existing data folder: healthy ${embedded.map((m) => `${Math.round(m)} ms`).join(', ')}`,
    );

    const table = [
      `# pnpm bench:scale, ${new Date().toISOString().slice(0, 16)}Z on ${hostname()}`,
      '',
      `Machine: ${cpus().length} × ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GB; ` +
        `load average after ${loadavg()[0]?.toFixed(2)} (the machine is shared). PostgreSQL with ${MEMBERS} ` +
        `members, rate limits in ${env.REDIS_URL ? 'Redis (REDIS_URL set)' : 'PostgreSQL (REDIS_URL unset)'}; ` +
        `autocannon, ${CONNECTIONS} connections, ${SECONDS} s per path; the built server in production ` +
        `mode (LOG_LEVEL=${env.LOG_LEVEL}, request logging on), started on PostgreSQL to a healthy /healthz in ` +
        `${Math.round(startMs)} ms; embedded PGlite on an existing data folder (\`node dist/index.js\`, what ` +
        `\`pnpm start\` runs) in ${embedded.map((m) => `${Math.round(m)} ms`).join(', ')}. Seeding ${MEMBERS} members: ` +
        `\`pnpm db:seed\` prints its time.`,
      `Ratio: requests/s over the ceiling named (same-sql: bare Fastify + pg running the statements that path's ` +
        `request ran, captured from the server by tests/perf/capture-sql.ts; bare-static: the same /terms bytes ` +
        `from memory; bare-noop: an empty handler). RSS: the process's peak so far.`,
      '',
      header(),
      ...rows.map(line),
      '',
    ].join('\n');
    const dir = resolve(ROOT, 'bench/results');
    mkdirSync(dir, { recursive: true });
    const file = resolve(dir, `${new Date().toISOString().slice(0, 10)}-${hostname()}-scale.md`);
    writeFileSync(file, table);
    console.log(`\nWritten to ${file}`);
  } finally {
    stop();
  }
}

function header(): string {
  return [
    '| path | req/s | p50 ms | p99 ms | errors | non-2xx | ratio | ceiling | peak RSS MB |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |',
  ].join('\n');
}

function line(row: Row): string {
  return `| ${row.name} | ${Math.round(row.rps)} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.non2xx} | ${
    row.ratio === null ? '' : row.ratio.toFixed(2)
  } | ${row.ceiling} | ${row.rssMb ?? ''} |`;
}

await main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
