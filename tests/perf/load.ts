// `pnpm bench:load` (after `pnpm build`): docs/security.md target 20. Starts the built server on a freshly seeded database
// and drives a mixed read/write workload over its real HTTP paths, finds the highest rate it holds (p99 within
// LOAD_P99_MS and no unexpected error), holds that rate, and prints per path and overall: requests/s, p50/p95/p99,
// 2xx, expected 4xx and unexpected errors (5xx, other non-2xx, socket errors, time-outs). Exits 1 on any unexpected
// error, in any phase. It asserts no figure: a benchmark reports them.
//
// The load is open-loop: requests are scheduled at the target rate whatever the server does, and latency counts
// from the scheduled moment, so a stalled server shows in p99 instead of slowing the client down with it.
// Every request comes from its own client address (X-Forwarded-For with TRUST_PROXY=true) so the per-IP limits
// measure nothing but themselves, except one row that looks up unknown references from a single address: its
// 429s are the limiter at work, counted as expected answers like the login's 401s and the lookup's 404s.
//
//   DATABASE_URL=postgres://…/any   run on PostgreSQL: a database rhema_load_<random> is created on that server,
//                                   seeded, and dropped at the end (nothing else on the server is touched);
//                                   unset: embedded PGlite in .data/load-<port>, removed at the end
//   LOAD_P99_MS (250)               the latency a rate must keep at p99 to count as held
//   LOAD_STEP_SECONDS (5), LOAD_HOLD_SECONDS (15)   length of each search step, and of the final run at the rate held
//   LOAD_RATE                       skip the search: hold this rate (requests/s)
//   LOAD_CONNECTIONS (64)           most requests in flight (keep-alive sockets)
//   LOAD_MEMBERS (200), LOAD_PORT (3410), WEB_DIST_DIR, LOAD_SERVER_ENTRY   data set size, and which build, where
//   --if-built                      without a build, say how to make one and exit 0 (how `pnpm bench` calls it)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createDatabase, dropDatabase } from '@rhema/db/testing-pg';
import { LoadClient } from './load/client';
import {
  CONNECTIONS,
  FIXED_RATE,
  HOLD_SECONDS,
  MEMBERS,
  P99_LIMIT_MS,
  PORT,
  ROOT,
  STEP_SECONDS,
} from './load/config';
import { completed, held, type PhaseResult, unexpectedCount } from './load/measure';
import { printTable, stepLine } from './load/report';
import {
  runBench,
  cleanups,
  readFixtures,
  run,
  serverStart,
  type ServerLog,
  stopServer,
  waitForHealthy,
} from './load/server';
import { ENDPOINTS } from './load/workload';
import { peakRssMb } from './process-stats';

async function main() {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    options: { 'if-built': { type: 'boolean', default: false } },
    strict: true,
  });
  const webDist = resolve(ROOT, process.env.WEB_DIST_DIR ?? 'apps/web/dist');
  const entry = resolve(ROOT, process.env.LOAD_SERVER_ENTRY ?? 'apps/server/dist/index.js');
  if (!existsSync(resolve(webDist, 'index.html')) || !existsSync(entry)) {
    const message = `HTTP load benchmark: no build at ${webDist} and ${entry}: run pnpm build, then pnpm bench:load`;
    if (values['if-built']) return console.log(`\n${message}`);
    throw new Error(message);
  }

  const serverUrl = process.env.DATABASE_URL || undefined;
  const pgliteDataDir = resolve(ROOT, `.data/load-${PORT}`);
  let databaseUrl: string | undefined;
  if (serverUrl) {
    const name = `rhema_load_${randomBytes(4).toString('hex')}`;
    databaseUrl = await createDatabase(serverUrl, name);
    cleanups.push(() => dropDatabase(serverUrl, name));
  } else {
    rmSync(pgliteDataDir, { recursive: true, force: true });
    cleanups.push(async () => rmSync(pgliteDataDir, { recursive: true, force: true }));
  }
  const where = databaseUrl
    ? `PostgreSQL (scratch database ${new URL(databaseUrl).pathname.slice(1)} on ${new URL(databaseUrl).host})`
    : `PGlite (${pgliteDataDir})`;
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    PGLITE_DATA_DIR: pgliteDataDir,
    DATABASE_URL: databaseUrl ?? '',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: webDist,
    PUBLIC_ORIGIN: `http://127.0.0.1:${PORT}`,
    // one client address per request, as behind a load balancer
    TRUST_PROXY: 'true',
    SHUTDOWN_DELAY_MS: '0',
  };

  console.log(`\nHTTP load benchmark on ${where}; seeding ${MEMBERS} members`);
  // demo data refuses NODE_ENV=production (its accounts share a known password); the server runs as in production
  await run('pnpm', ['--filter', '@rhema/seed', 'seed', '--reset', '--members', String(MEMBERS)], {
    ...env,
    NODE_ENV: 'test',
  });
  const fixtures = await readFixtures(databaseUrl, pgliteDataDir);

  const start = serverStart(env);
  const server = spawn('node', [...start.nodeOptions, entry], {
    cwd: ROOT,
    env: { ...env, ...start.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => stopServer(server));
  const serverLog: ServerLog = { errors: 0, lines: [] };
  const readLog = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      const level = /"level":(\d+)/.exec(line)?.[1];
      if (level === undefined || Number(level) >= 50) {
        serverLog.errors++;
        if (serverLog.lines.length < 5) serverLog.lines.push(line.slice(0, 400));
      }
    }
  };
  server.stdout.on('data', readLog);
  server.stderr.on('data', readLog);
  const base = `http://127.0.0.1:${PORT}`;
  await waitForHealthy(base, server, 60_000);

  const client = new LoadClient(PORT, fixtures, server.pid);
  cleanups.push(async () => client.close());
  const phases: PhaseResult[] = [];
  const loadBefore = loadavg()[0]!;
  const mix = ENDPOINTS.map((e) => `${e.name.replace(/ \(.*\)$/, '')} ${e.weight}`).join(', ');
  console.log(`Mix (weights out of ${ENDPOINTS.reduce((a, e) => a + e.weight, 0)}): ${mix}`);
  console.log(
    `${fixtures.publicReferences.length} public references; at most ${CONNECTIONS} requests in flight; ` +
      `a rate is held when p99 <= ${P99_LIMIT_MS} ms with no unexpected error; load average ${loadBefore.toFixed(2)}`,
  );

  // warm-up (JIT, caches, the server-rendered page), then what the server does flat out
  phases.push(await client.closedLoop('warm-up', 2, 8));
  const ceiling = await client.closedLoop('flat out', 3);
  phases.push(ceiling);
  console.log(stepLine(ceiling));

  const step = async (rate: number, label = 'step') => {
    const result = await client.openLoop(label, rate, STEP_SECONDS);
    phases.push(result);
    console.log(stepLine(result));
    await new Promise((r) => setTimeout(r, 500));
    return result;
  };
  const round = (rate: number) => Math.max(5, rate >= 200 ? Math.round(rate / 10) * 10 : Math.round(rate));

  let rate: number;
  if (FIXED_RATE) {
    rate = FIXED_RATE;
  } else {
    // open-loop steps as shares of the flat-out rate, then halve the gap between the last held and the first not
    const flatOut = completed(ceiling) / ceiling.seconds;
    let lo = 0;
    let hi = Number.POSITIVE_INFINITY;
    for (const share of [0.5, 0.7, 0.85, 1, 1.15, 1.3, 1.6, 2]) {
      const candidate = round(flatOut * share);
      if (held(await step(candidate))) lo = candidate;
      else {
        hi = candidate;
        break;
      }
    }
    for (let share = 0.3; lo === 0 && share > 0.01; share /= 2) {
      const candidate = round(flatOut * share);
      if (held(await step(candidate))) lo = candidate;
      else hi = candidate;
    }
    for (let i = 0; i < 2 && lo > 0 && Number.isFinite(hi) && hi - lo > lo * 0.05; i++) {
      const candidate = round((lo + hi) / 2);
      if (held(await step(candidate))) lo = candidate;
      else hi = candidate;
    }
    rate = lo;
  }

  let final: PhaseResult | undefined;
  if (rate > 0) {
    // the reported figures: the rate held for longer; if it slips, a tenth lower once more
    for (let attempt = 0; attempt < 2; attempt++) {
      final = await client.openLoop('hold', rate, HOLD_SECONDS);
      phases.push(final);
      console.log(stepLine(final));
      if (held(final) || FIXED_RATE) break;
      rate = round(rate * 0.9);
    }
  }
  const loadAfter = loadavg()[0]!;
  // the most memory the server held under the mix (the kernel's high-water mark of its resident set)
  const peakRss = peakRssMb(server.pid);

  if (final) {
    console.log(
      `\nHeld ${Math.round(rate)} req/s for ${HOLD_SECONDS} s on ${where}` +
        (held(final) ? '' : ` (NOT held: p99 over ${P99_LIMIT_MS} ms or errors)`) +
        `; load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after`,
    );
    printTable(final);
  } else {
    console.log(`\nNo rate held p99 <= ${P99_LIMIT_MS} ms with no unexpected error on ${where}`);
  }
  // measured over every phase whether or not a rate was held (a loaded host may hold none)
  if (peakRss !== null) console.log(`Server peak RSS under the mix: ${peakRss} MB (target 300 MB)`);

  const unexpected = phases.reduce((a, p) => a + unexpectedCount(p), 0);
  const samples = phases.flatMap((p) => p.samples.map((s) => `  [${p.label}] ${s}`)).slice(0, 10);
  if (serverLog.errors) {
    console.log(`\nThe server logged ${serverLog.errors} error lines, first ones:`);
    for (const line of serverLog.lines) console.log(`  ${line}`);
  }
  if (unexpected) {
    console.log(`\n${unexpected} unexpected errors over the whole run (every phase), first ones:`);
    for (const sample of samples) console.log(sample);
    process.exitCode = 1;
  } else {
    const total = phases.reduce((a, p) => a + completed(p), 0);
    console.log(`\n0 unexpected errors in ${total} requests over the whole run (every phase)`);
  }
}

runBench(main);
