// `pnpm bench:overhead` (run by `pnpm bench` after a build): what the service's own request path costs, measured
// side by side with a bare Fastify + pg handler running the same SQL (tests/perf/bare-server.ts), for GET
// api/v1/faqs and two member reads (GET api/v1/auth/me, GET api/v1/user-introductions). Both servers run at once;
// each path is measured in alternating rounds (bare, app, bare, app, ...) so a change in the shared machine's load
// falls on both. The built server runs as in production: NODE_ENV=production, LOG_LEVEL=info, one asynchronous log
// line per request (apps/server/src/plugins/request-log.ts), its log read and thrown away as a log shipper would.
// Prints one table and writes it to bench/results/<date>-<host>-overhead.md; asserts nothing (the target, 0.7 of
// the ceiling, is docs/ops/README.md's).
// Env: DATABASE_URL or TEST_DATABASE_URL (the PostgreSQL server; default the local one), BENCH_SECONDS (per round,
// default 5), BENCH_ROUNDS (default 3), BENCH_CONNECTIONS (default 10), BENCH_PORT (default 3520), DEMO_PASSWORD; BENCH_BEFORE_ENTRY: the
// dist/index.js of an earlier build (kept in apps/server, e.g. apps/server/dist-before/index.js, so it resolves the
// same packages), run beside the others and measured in the same alternating rounds (the two builds take turns at
// going first; an even BENCH_ROUNDS gives each the same share): a change's before and after.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, hostname, loadavg, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { createDb } from '@rhema/db';
import { createDatabase, withDatabaseName } from '@rhema/db/testing-pg';
import autocannon from 'autocannon';
import pg from 'pg';
import { serverStart } from './load/server';
import { DEMO_ACCOUNTS, demoToken } from './demo-login';
import { peakRssMb } from './process-stats';

const ROOT = resolve(import.meta.dirname, '../..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
// BENCH_PORT: the first of three ports (app, bare, earlier build), for a host where 3520-3522 are taken
const APP_PORT = Number(process.env.BENCH_PORT ?? 3520);
const BARE_PORT = APP_PORT + 1;
const BEFORE_PORT = APP_PORT + 2;
const BEFORE_ENTRY = process.env.BENCH_BEFORE_ENTRY ? resolve(process.env.BENCH_BEFORE_ENTRY) : undefined;
// BENCH_BEFORE_NODE_OPTIONS: node's flags for the earlier build instead of the start script's (space-separated), to
// measure a flag: BENCH_BEFORE_ENTRY=apps/server/dist/index.js BENCH_BEFORE_NODE_OPTIONS='--max-semi-space-size=16'
const BEFORE_NODE_OPTIONS = process.env.BENCH_BEFORE_NODE_OPTIONS?.split(/\s+/).filter(Boolean);
const DB_NAME = 'rhema_bench_overhead';

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code) =>
      code === 0 ? done() : fail(new Error(`${command} ${args.join(' ')}: ${code}`)),
    );
  });
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer in ${timeoutMs} ms`);
}

/** CPU time (user + system) a process has used so far, in ms (/proc/<pid>/stat, clock ticks of 10 ms). */
function cpuMs(pid: number | undefined): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The demo set (200 members), seeded once into DB_NAME and reused while it holds the demo accounts. */
async function benchDatabase(): Promise<string> {
  const server =
    process.env.DATABASE_URL ||
    process.env.TEST_DATABASE_URL ||
    'postgres://postgres@127.0.0.1:5432/postgres';
  const url = withDatabaseName(server, DB_NAME);
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME])).rowCount;
  await admin.end();
  if (!exists) await createDatabase(server, DB_NAME);
  const handle = await createDb({ databaseUrl: url });
  const seeded = await handle.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'member@example.com')
    .executeTakeFirst()
    .catch(() => undefined);
  await handle.close();
  if (!seeded) {
    console.log(`Seeding the demo set into ${DB_NAME} (once)`);
    await run('pnpm', ['db:seed', '--reset'], { ...process.env, DATABASE_URL: url, NODE_ENV: 'development' });
  }
  return url;
}

let addressCounter = 0;
/** A new client address per request (the server trusts X-Forwarded-For here), so per-IP limits do not cap it. */
const nextAddress = () => {
  addressCounter++;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

function measure(url: string, headers: Record<string, string>, seconds: number) {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
    requests: [
      {
        setupRequest: (request: autocannon.Request) => ({
          ...request,
          headers: { ...request.headers, 'x-forwarded-for': nextAddress() },
        }),
      },
    ],
  } as autocannon.Options);
}

interface Path {
  name: string;
  path: string;
  headers: Record<string, string>;
}

async function main() {
  const entry = resolve(ROOT, 'apps/server/dist/index.js');
  if (!existsSync(entry)) {
    console.log('\nOverhead benchmark: no build (apps/server/dist): run pnpm build first');
    return;
  }
  const databaseUrl = await benchDatabase();
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(APP_PORT),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    PUBLIC_ORIGIN: `http://127.0.0.1:${APP_PORT}`,
    TRUST_PROXY: 'true',
    SHUTDOWN_DELAY_MS: '0',
    LOG_LEVEL: 'info',
    // a member's reads hit no rate limit, but login does: keep it in PostgreSQL as the bare server has no Redis
    REDIS_URL: '',
  };
  const children: ChildProcess[] = [];
  const stopAll = () => children.forEach((c) => c.exitCode === null && c.kill('SIGTERM'));
  process.on('exit', stopAll);
  const base = `http://127.0.0.1:${APP_PORT}`;
  const bareBase = `http://127.0.0.1:${BARE_PORT}`;
  // as the start script runs it beside PostgreSQL: its heap settings and malloc variables
  const start = serverStart(env);
  const startApp = async (nodeArgs: string[], extraEnv: NodeJS.ProcessEnv = {}, build = entry) => {
    // stdout through a pipe that is read and dropped: the log is written, as in production, and costs what it costs
    const app = spawn('node', [...nodeArgs, build], {
      cwd: ROOT,
      env: { ...env, ...start.env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    app.stdout!.resume();
    children.push(app);
    await waitFor(`${extraEnv.PORT ? `http://127.0.0.1:${extraEnv.PORT}` : base}/healthz`, app);
    return app;
  };
  const stop = async (child: ChildProcess) => {
    if (child.exitCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  };

  try {
    // 1. the SQL each path's request runs, recorded by a server with tests/perf/capture-sql.ts loaded
    const captureFile = resolve(ROOT, 'bench/.overhead-sql.jsonl');
    mkdirSync(resolve(ROOT, 'bench'), { recursive: true });
    writeFileSync(captureFile, '');
    const capturing = await startApp(
      ['--import', 'tsx', '--import', resolve(ROOT, 'tests/perf/capture-sql.ts')],
      {
        CAPTURE_SQL_FILE: captureFile,
      },
    );
    const token = await demoToken(base, DEMO_ACCOUNTS.member, '198.51.100.78');
    const member = { authorization: `Bearer ${token}` };
    const paths: Path[] = [
      { name: 'GET api/v1/faqs', path: '/api/v1/faqs?faq_type=faqs', headers: {} },
      { name: 'GET api/v1/auth/me (member)', path: '/api/v1/auth/me', headers: member },
      { name: 'GET api/v1/user-introductions (member)', path: '/api/v1/user-introductions', headers: member },
    ];
    // the server renders /faq once in the background after its first answer (apps/server/src/routes/pages.ts),
    // and that render's FAQ statement landed in the faqs path's capture: the bare server then ran it twice per
    // request. Asking for the page waits for that render.
    await (await fetch(`${base}/faq`)).arrayBuffer();
    const sameSql: Record<string, { text: string; values: unknown[] }[]> = {};
    // the app's answer to each path: the bare server sends the same JSON (a 27 KB list costs its serialisation and
    // its write there too), so the gap is the app's own work, not a smaller answer
    const sameBody: Record<string, unknown> = {};
    for (const [i, p] of paths.entries()) {
      // twice: the second is the steady state, and the one recorded
      await (await fetch(`${base}${p.path}`, { headers: p.headers })).arrayBuffer();
      const before = readFileSync(captureFile, 'utf8').length;
      const res = await fetch(`${base}${p.path}`, { headers: p.headers });
      const answer: unknown = await res.json();
      if (!res.ok) throw new Error(`${p.name}: ${res.status}`);
      sameBody[String(i)] = answer;
      await new Promise((r) => setTimeout(r, 100)); // statements after the answer (the session's touch)
      sameSql[String(i)] = readFileSync(captureFile, 'utf8')
        .slice(before)
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { text: string; values: unknown[] })
        // the job worker's polling and the live-message listener are not the request's
        .filter((q) => !/\bjobs\b|^\s*(UN)?LISTEN\b/i.test(q.text));
    }
    await stop(capturing);

    // 2. both servers at once: the bare ceiling and the built server as in production
    const sqlFile = resolve(ROOT, 'bench/.overhead-sql.json');
    writeFileSync(sqlFile, JSON.stringify(sameSql));
    const bodyFile = resolve(ROOT, 'bench/.overhead-body.json');
    writeFileSync(bodyFile, JSON.stringify(sameBody));
    const bare = spawn('node', ['--import', 'tsx', resolve(ROOT, 'tests/perf/bare-server.ts')], {
      cwd: ROOT,
      env: {
        ...env,
        BARE_PORT: String(BARE_PORT),
        SAME_SQL_FILE: sqlFile,
        SAME_BODY_FILE: bodyFile,
        WEB_DIST_DIR: resolve(ROOT, 'apps/web/dist'),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(bare);
    await waitFor(`${bareBase}/healthz`, bare);
    // with the start script's heap limit, as `pnpm start` and the image run it
    const app = await startApp(start.nodeOptions);
    const beforeBase = `http://127.0.0.1:${BEFORE_PORT}`;
    const before = BEFORE_ENTRY
      ? await startApp(
          BEFORE_NODE_OPTIONS ?? start.nodeOptions,
          { PORT: String(BEFORE_PORT), PUBLIC_ORIGIN: beforeBase },
          BEFORE_ENTRY,
        )
      : undefined;

    for (const [i, p] of paths.entries()) {
      const [bareAnswer, appAnswer] = await Promise.all([
        fetch(`${bareBase}/same/${i}`).then((r) => r.json() as Promise<unknown>),
        fetch(`${base}${p.path}`, { headers: p.headers }).then((r) => r.json() as Promise<unknown>),
      ]);
      if (!isDeepStrictEqual(bareAnswer, appAnswer)) {
        const show = (answer: unknown) => JSON.stringify(answer).slice(0, 300);
        throw new Error(`${p.name}: the bare answer differs: ${show(bareAnswer)} / ${show(appAnswer)}`);
      }
    }

    const loadBefore = loadavg()[0] ?? 0;
    const rows: string[] = [];
    const beforeRows: string[] = [];
    console.log(
      `\n${CONNECTIONS} connections; ${ROUNDS} alternating rounds of ${SECONDS} s per server and path, after a 2 s ` +
        `warm-up of each; load average ${loadBefore.toFixed(2)}`,
    );
    const header = [
      '| path | statements | bare req/s | app req/s | ratio | bare p99 ms | app p99 ms | bare CPU ms/req | app CPU ms/req | CPU ratio | app errors + non-2xx |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ];
    console.log(header.join('\n'));
    for (const [i, p] of paths.entries()) {
      const bareUrl = `${bareBase}/same/${i}`;
      const appUrl = `${base}${p.path}`;
      await measure(bareUrl, {}, 2);
      await measure(appUrl, p.headers, 2);
      const beforeUrl = `${beforeBase}${p.path}`;
      if (before) await measure(beforeUrl, p.headers, 2);
      const bareRuns: autocannon.Result[] = [];
      const appRuns: autocannon.Result[] = [];
      const beforeRuns: autocannon.Result[] = [];
      let beforeCpu = 0;
      // the CPU each server spent per answer: on a shared machine, steadier than requests/s
      let bareCpu = 0;
      let appCpu = 0;
      const measureApp = async () => {
        const cpu = cpuMs(app.pid);
        appRuns.push(await measure(appUrl, p.headers, SECONDS));
        appCpu += cpuMs(app.pid) - cpu;
      };
      const measureBefore = async () => {
        if (!before) return;
        const cpu = cpuMs(before.pid);
        beforeRuns.push(await measure(beforeUrl, p.headers, SECONDS));
        beforeCpu += cpuMs(before.pid) - cpu;
      };
      for (let round = 0; round < ROUNDS; round++) {
        const cpu = cpuMs(bare.pid);
        bareRuns.push(await measure(bareUrl, {}, SECONDS));
        bareCpu += cpuMs(bare.pid) - cpu;
        // the two builds take turns at going first after the bare round: on a shared host the one measured right
        // after it fared worse by up to a fifth (bench/results/2026-11-29-request-path.md)
        if (round % 2 === 0) {
          await measureApp();
          await measureBefore();
        } else {
          await measureBefore();
          await measureApp();
        }
      }
      const answered = (runs: autocannon.Result[]) => runs.reduce((a, r) => a + r.requests.total, 0);
      const bareCpuPer = bareCpu / Math.max(1, answered(bareRuns));
      const mean = (runs: autocannon.Result[], read: (r: autocannon.Result) => number) =>
        runs.reduce((a, r) => a + read(r), 0) / runs.length;
      const bareRps = mean(bareRuns, (r) => r.requests.average);
      const rowOf = (runs: autocannon.Result[], cpuMsTotal: number) => {
        const rps = mean(runs, (r) => r.requests.average);
        const cpuPer = cpuMsTotal / Math.max(1, answered(runs));
        const failures = runs.reduce((a, r) => a + r.errors + r.timeouts + r.non2xx, 0);
        return (
          `| ${p.name} | ${sameSql[String(i)]!.length} | ${Math.round(bareRps)} | ${Math.round(rps)} | ` +
          `${(rps / bareRps).toFixed(2)} | ${Math.max(...bareRuns.map((r) => r.latency.p99))} | ` +
          `${Math.max(...runs.map((r) => r.latency.p99))} | ${bareCpuPer.toFixed(3)} | ${cpuPer.toFixed(3)} | ` +
          `${(bareCpuPer / cpuPer).toFixed(2)} | ${failures} |`
        );
      };
      const row = rowOf(appRuns, appCpu);
      if (before) {
        beforeRows.push(rowOf(beforeRuns, beforeCpu));
        console.log(`before: ${beforeRows.at(-1)}`);
      }
      rows.push(row);
      console.log(row);
    }
    const appRss = peakRssMb(app.pid);
    await stop(app);
    if (before) await stop(before);
    await stop(bare);

    const table = [
      `# pnpm bench:overhead, ${new Date().toISOString().slice(0, 16)}Z on ${hostname()}`,
      '',
      `Machine: ${cpus().length} × ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GB; load average ` +
        `${loadBefore.toFixed(2)} before, ${(loadavg()[0] ?? 0).toFixed(2)} after (the machine is shared). PostgreSQL ` +
        `(${DB_NAME}, the demo set); autocannon, ${CONNECTIONS} connections. Both servers run at once and each path ` +
        `is measured in ${ROUNDS} alternating rounds of ${SECONDS} s (bare, app, bare, app, ...), after a 2 s warm-up ` +
        `of each; the figures are the rounds' means (p99: the worst round). bare: Fastify + a pg pool running the ` +
        `statements that path's request ran (recorded from the built server by tests/perf/capture-sql.ts, the ` +
        `session's lookup and touch included), answering the app's JSON for that path (recorded with them, checked ` +
        `equal, serialised per request). app: the built server, NODE_ENV=production, ` +
        `LOG_LEVEL=info (one asynchronous log line per request, read from its pipe and dropped). CPU ms/req: the ` +
        `server process's user + system time over its rounds divided by its answers; CPU ratio: bare over app (the ` +
        `share of the bare server's throughput the app reaches when Node's CPU is what limits both). Peak RSS of the app ` +
        `over the run: ${appRss ?? '?'} MB.`,
      '',
      ...header,
      ...rows,
      '',
      ...(before
        ? [
            `The earlier build (${BEFORE_ENTRY}${BEFORE_NODE_OPTIONS ? `, node ${BEFORE_NODE_OPTIONS.join(' ')}` : ''}), in the same rounds (bare, app, earlier, bare, earlier, app, ...), against the same ` +
              'bare figures:',
            '',
            ...header,
            ...beforeRows,
            '',
          ]
        : []),
    ].join('\n');
    const dir = resolve(ROOT, 'bench/results');
    mkdirSync(dir, { recursive: true });
    const file = resolve(dir, `${new Date().toISOString().slice(0, 10)}-${hostname()}-overhead.md`);
    writeFileSync(file, table);
    console.log(`\nPeak RSS of the app: ${appRss ?? '?'} MB\nWritten to ${file}`);
  } finally {
    stopAll();
  }
}

await main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
