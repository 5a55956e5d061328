// `pnpm bench:render` (part of `pnpm bench`; after `pnpm build`): what the server spends on a signed-in page load,
// now that every page behind the sign-in guard is rendered per request with the requester's session
// (docs/decisions/140-signed-in-pages-rendered-on-the-server.md, 190-every-signed-in-page-rendered-on-the-server.md).
// It starts the built server on the seeded demo data, signs in as the demo member and the demo consultant, and:
//
//   1. per page, after a warm-up, requests it RENDER_BENCH_N times one after another: the server process's CPU
//      over the whole batch (utime + stime from /proc, 10 ms ticks, so only a batch total means anything; divided
//      by N it is the mean per page load), the main thread's share of it, and each request's wall time. Each answer
//      must be a 200 with the router's state and the page's query cache ($_TSR: rendered on the server, not the app shell
//      the server falls back to); any other fails the run, as does a build rewritten while it ran.
//   2. a mix of all those pages from CLIENTS concurrent clients for RENDER_BENCH_SECONDS, the server's RSS sampled
//      every 100 ms: peak, final, requests/s, and PASS/FAIL against RSS_LIMIT_MB (exit 1 on FAIL).
//
// It prints a markdown table and writes it to bench/results/<date>-signed-in-render-cost.md. Linux only (/proc).
//
//   DATABASE_URL=postgres://…/any   a database rhema_render_<random> is created on that server, seeded and dropped
//                                   at the end (nothing else there is touched); unset: embedded PGlite
//   RENDER_BENCH_N (40), RENDER_BENCH_SECONDS (20), RENDER_BENCH_PORT (3420), WEB_DIST_DIR, RENDER_SERVER_ENTRY
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, totalmem } from 'node:os';
import { relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDatabase, dropDatabase } from '@rhema/db/testing-pg';
import { decode } from './load/client';
import { numberEnv, ROOT } from './load/config';
import { cpuSnapshot } from './load/measure';
import { cleanups, run, runBench, serverStart, stopServer, waitForHealthy } from './load/server';

const N = Math.round(numberEnv('RENDER_BENCH_N', 40));
const MIX_SECONDS = numberEnv('RENDER_BENCH_SECONDS', 20);
const PORT = Math.round(numberEnv('RENDER_BENCH_PORT', 3420));
const WARM_UP = 5;
const CLIENTS = 8;
const MEMBERS = 200;
const RSS_LIMIT_MB = 300;
const PASSWORD = process.env.DEMO_PASSWORD || 'rhema-demo-2024';
const DATA_DIR = resolve(ROOT, '.data/bench-render');
const BASE = `http://127.0.0.1:${PORT}`;
// a returning member has answered the cookie banner: without this every render would draw the banner too
const CONSENT_COOKIE = `cc_cookie=${encodeURIComponent(JSON.stringify({ revision: 1, categories: ['necessary'] }))}`;

type Account = 'member' | 'consultant';
const ACCOUNT_EMAIL: Record<Account, string> = {
  member: 'member@example.com',
  consultant: 'consultant@example.com',
};

interface Page {
  path: string;
  as: Account;
}

interface Answer {
  status: number;
  html: string;
  sentBytes: number;
  encoding: string;
  ms: number;
}

interface PageResult {
  page: Page;
  cpuMs: number;
  mainThreadMs: number;
  walls: number[];
  htmlBytes: number;
  sentBytes: number;
  encoding: string;
  /** what the rendered markup shows besides the page's content: a loader (data not in the render), an alert */
  notes: string[];
}

/** The server's warnings and errors, by message: a page the server could not render only shows up here. */
class ServerLog {
  readonly counts = new Map<string, number>();
  readonly first: string[] = [];
  read = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      let key = line.slice(0, 200);
      try {
        const entry = JSON.parse(line) as { level?: number; msg?: string; path?: string };
        if ((entry.level ?? 0) < 40) continue;
        key = `${entry.msg ?? '(no message)'}${entry.path ? ` (${entry.path})` : ''}`;
      } catch {
        // not pino's JSON: a crash or a warning from Node itself, kept as it is
      }
      this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
      if (this.first.length < 5) this.first.push(line.slice(0, 600));
    }
  };
}

const log = new ServerLog();
const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });

/** A page load as a browser makes it: its cookies, compressed answers accepted (compressing is the server's cost too). */
function get(path: string, cookie: string): Promise<Answer> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const request = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        path,
        agent,
        headers: {
          ...(cookie ? { cookie } : {}),
          accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
          'accept-encoding': 'gzip, deflate, br',
          'user-agent': 'rhema-render-bench',
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const ms = performance.now() - started;
          const body = Buffer.concat(chunks);
          done({
            status: response.statusCode ?? 0,
            html: decode(body, response.headers['content-encoding']),
            sentBytes: body.length,
            encoding: response.headers['content-encoding'] ?? 'identity',
            ms,
          });
        });
        response.on('error', fail);
      },
    );
    request.setTimeout(30_000, () => request.destroy(new Error(`${path}: no answer in 30 s`)));
    request.on('error', fail);
    request.end();
  });
}

/** Why this answer is not a page rendered on the server, or null when it is one. */
function notRendered(answer: Answer): string | null {
  if (answer.status !== 200) return `HTTP ${answer.status}: ${answer.html.slice(0, 200)}`;
  if (!answer.html.includes('$_TSR'))
    return 'the app shell (no router state, $_TSR): the server did not render the page, see its log';
  return null;
}

async function signIn(email: string): Promise<string> {
  const res = await fetch(`${BASE}/trpc/auth.login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  if (!res.ok || !cookies.some((c) => /session=./.test(c)))
    throw new Error(`sign-in as ${email}: HTTP ${res.status}, no session cookie: ${await res.text()}`);
  return [...cookies, CONSENT_COOKIE].join('; ');
}

/** A member the demo member sees on /members: the list its loader reads. */
async function aMemberId(cookie: string): Promise<string> {
  const input = encodeURIComponent(JSON.stringify({ page: 1 }));
  const res = await fetch(`${BASE}/trpc/members.list?input=${input}`, { headers: { cookie } });
  const body = (await res.json()) as { result?: { data?: { data?: { _id: string }[] } } };
  const id = body.result?.data?.data?.[0]?._id;
  if (!res.ok || !id) throw new Error(`members.list: HTTP ${res.status}, no member: ${JSON.stringify(body)}`);
  return id;
}

function serverCpuMs(pid: number): number {
  const snapshot = cpuSnapshot(pid);
  if (!snapshot) throw new Error(`cannot read /proc/${pid}/stat: this benchmark needs Linux`);
  // jiffies are 1/100 s on Linux
  return snapshot.server * 10;
}

/**
 * The CPU of the server's main thread alone (its task has the process's id): the event loop, where renders queue
 * behind each other. The process's figure adds V8's collector threads and compression in libuv's pool.
 */
function mainThreadCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime (fields 14 and 15), in 1/100 s
}

type Snapshot = NonNullable<ReturnType<typeof cpuSnapshot>>;

/** The share of the machine's CPU (all cores) spent by anything but the server and this client: how shared it was. */
function othersShare(a: Snapshot, b: Snapshot): number {
  const client = process.cpuUsage(a.client);
  const clientJiffies = (client.user + client.system) / 10_000;
  return (b.busy - a.busy - (b.server - a.server) - clientJiffies) / (b.total - a.total);
}

function rssMb(pid: number): number {
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

/** Nearest rank: of 40 requests, p99 is the slowest one. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function notesOf(html: string): string[] {
  const start = html.indexOf('<div id="root">');
  const end = html.lastIndexOf('</body>');
  const markup = html.slice(start, end < 0 ? undefined : end);
  const notes: string[] = [];
  if (/mantine-Loader-root/.test(markup)) notes.push('a loader in the rendered markup');
  if (/role="alert"/.test(markup)) notes.push('an alert in the rendered markup');
  return notes;
}

async function measurePage(page: Page, cookie: string, pid: number): Promise<PageResult> {
  const checked = async () => {
    const answer = await get(page.path, cookie);
    const why = notRendered(answer);
    if (why) throw new Error(`${page.path} as the ${page.as}: ${why}`);
    return answer;
  };
  for (let i = 0; i < WARM_UP; i++) await checked();
  const walls: number[] = [];
  let last: Answer | undefined;
  const before = serverCpuMs(pid);
  const mainBefore = mainThreadCpuMs(pid);
  for (let i = 0; i < N; i++) {
    last = await checked();
    walls.push(last.ms);
  }
  const cpuMs = (serverCpuMs(pid) - before) / N;
  const mainThreadMs = (mainThreadCpuMs(pid) - mainBefore) / N;
  return {
    page,
    cpuMs,
    mainThreadMs,
    walls,
    htmlBytes: Buffer.byteLength(last!.html),
    sentBytes: last!.sentBytes,
    encoding: last!.encoding,
    notes: notesOf(last!.html),
  };
}

interface MixResult {
  seconds: number;
  requests: number;
  failures: string[];
  walls: number[];
  cpuMsPerRequest: number;
  rssBefore: number;
  rssPeak: number;
  rssFinal: number;
}

async function mix(pages: Page[], cookies: Record<Account, string>, pid: number): Promise<MixResult> {
  const rssBefore = rssMb(pid);
  const samples = [rssBefore];
  const sampler = setInterval(() => {
    try {
      samples.push(rssMb(pid));
    } catch {
      // the server is gone: its requests fail and say so
    }
  }, 100);
  const walls: number[] = [];
  const failures: string[] = [];
  let next = 0;
  const cpuBefore = serverCpuMs(pid);
  const started = performance.now();
  const end = started + MIX_SECONDS * 1000;
  try {
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (performance.now() < end) {
          const page = pages[next++ % pages.length]!;
          const answer = await get(page.path, cookies[page.as]);
          walls.push(answer.ms);
          const why = notRendered(answer);
          if (why) failures.push(`${page.path} as the ${page.as}: ${why}`);
        }
      }),
    );
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  const cpuMsPerRequest = (serverCpuMs(pid) - cpuBefore) / walls.length;
  const rssFinal = rssMb(pid);
  samples.push(rssFinal);
  return {
    seconds,
    requests: walls.length,
    failures,
    walls,
    cpuMsPerRequest,
    rssBefore,
    rssPeak: Math.max(...samples),
    rssFinal,
  };
}

const f1 = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-');
const f0 = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : '-');

/** When the build's files were written: a build during the run swaps the renderer and the stylesheets under it. */
function buildStamp(files: string[]): string {
  return files.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 'missing')).join();
}

function table(results: PageResult[]): string[] {
  return [
    '| page | as | mean CPU ms/render | of it main thread | wall p50 ms | wall p99 ms | HTML KB | sent KB |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...results.map(
      (r) =>
        `| ${r.page.path} | ${r.page.as} | ${f1(r.cpuMs)} | ${f1(r.mainThreadMs)} | ${f1(percentile(r.walls, 50))} | ` +
        `${f1(percentile(r.walls, 99))} | ${f1(r.htmlBytes / 1024)} | ${f1(r.sentBytes / 1024)} ${r.encoding} |`,
    ),
  ];
}

async function main() {
  const webDist = resolve(ROOT, process.env.WEB_DIST_DIR ?? 'apps/web/dist');
  const entry = resolve(ROOT, process.env.RENDER_SERVER_ENTRY ?? 'apps/server/dist/index.js');
  if (!existsSync(resolve(`${webDist}-ssr`, 'render.js')) || !existsSync(entry))
    throw new Error(
      `signed-in render benchmark: no build at ${webDist}(-ssr) and ${entry}: run pnpm build first`,
    );

  const buildFiles = [entry, resolve(webDist, 'index.html'), resolve(`${webDist}-ssr`, 'render.js')];
  const buildAtStart = buildStamp(buildFiles);
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  cleanups.push(async () => rmSync(DATA_DIR, { recursive: true, force: true }));
  const serverUrl = process.env.DATABASE_URL || undefined;
  let databaseUrl: string | undefined;
  if (serverUrl) {
    const name = `rhema_render_${randomBytes(4).toString('hex')}`;
    databaseUrl = await createDatabase(serverUrl, name);
    cleanups.push(() => dropDatabase(serverUrl, name));
  }
  const pgliteDataDir = resolve(DATA_DIR, 'pglite');
  const database = databaseUrl
    ? `PostgreSQL (scratch database ${new URL(databaseUrl).pathname.slice(1)} on ${new URL(databaseUrl).host})`
    : 'embedded PGlite, inside the server process (its CPU and memory are counted with the server)';
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    PGLITE_DATA_DIR: pgliteDataDir,
    DATABASE_URL: databaseUrl ?? '',
    DATABASE_LISTEN_URL: '',
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: webDist,
    MAIL_DIR: resolve(DATA_DIR, 'mail'),
    PHOTO_DIR: resolve(DATA_DIR, 'photos'),
    PUBLIC_ORIGIN: BASE,
    SHUTDOWN_DELAY_MS: '0',
  };

  console.log(`\nSigned-in render benchmark on ${database}; seeding ${MEMBERS} members`);
  // demo data refuses NODE_ENV=production (its accounts share a known password); the server runs as in production
  await run('pnpm', ['--filter', '@rhema/seed', 'seed', '--reset', '--members', String(MEMBERS)], {
    ...env,
    NODE_ENV: 'test',
  });

  const start = serverStart(env);
  const server = spawn(process.execPath, [...start.nodeOptions, entry], {
    cwd: ROOT,
    env: { ...env, ...start.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => stopServer(server));
  server.stdout.on('data', log.read);
  server.stderr.on('data', log.read);
  await waitForHealthy(BASE, server, 60_000);
  const pid = server.pid!;
  cleanups.push(async () => agent.destroy());

  const cookies: Record<Account, string> = {
    member: await signIn(ACCOUNT_EMAIL.member),
    consultant: await signIn(ACCOUNT_EMAIL.consultant),
  };
  const memberId = await aMemberId(cookies.member);
  const pages: Page[] = [
    ...[
      '/account',
      '/account/introductions',
      '/account/profile',
      '/account/messages',
      '/account/friends',
      '/members',
      `/members/${memberId}`,
      '/communities',
      '/events',
    ].map((path) => ({ path, as: 'member' as const })),
    ...[
      '/admin21',
      '/admin21/users',
      // the search runs in the render only with both ages (apps/web/src/features/admin/search.ts)
      '/admin21/introductions/users?min_age=25&max_age=45',
      '/admin21/requests',
      '/admin21/reports',
    ].map((path) => ({ path, as: 'consultant' as const })),
  ];

  // the public pages' background render (routes/pages.ts warmUp) starts with the first answer: done before measuring
  await get('/faq', '');
  await new Promise((r) => setTimeout(r, 2_000));
  const idleBefore = serverCpuMs(pid);
  await new Promise((r) => setTimeout(r, 3_000));
  const idleCpuMsPerS = (serverCpuMs(pid) - idleBefore) / 3;
  const rssStart = rssMb(pid);
  const loadBefore = loadavg()[0]!;
  const perPageStart = cpuSnapshot(pid)!;

  console.log(`Per page: ${WARM_UP} warm-up requests, then ${N} one after another`);
  const results: PageResult[] = [];
  for (const page of pages) {
    const result = await measurePage(page, cookies[page.as], pid);
    results.push(result);
    console.log(
      `  ${`${page.path} (${page.as})`.padEnd(66)} CPU ${f1(result.cpuMs).padStart(6)} ms/render ` +
        `(main thread ${f1(result.mainThreadMs).padStart(6)}), ` +
        `wall p50 ${f1(percentile(result.walls, 50)).padStart(6)} p99 ${f1(percentile(result.walls, 99)).padStart(6)} ms`,
    );
  }

  const perPageOthers = othersShare(perPageStart, cpuSnapshot(pid)!);

  console.log(`\nMix of the ${pages.length} pages from ${CLIENTS} concurrent clients for ${MIX_SECONDS} s`);
  const mixStart = cpuSnapshot(pid)!;
  const mixed = await mix(pages, cookies, pid);
  const mixOthers = othersShare(mixStart, cpuSnapshot(pid)!);
  const loadAfter = loadavg()[0]!;
  const rssPass = mixed.rssPeak <= RSS_LIMIT_MB;
  const rebuilt = buildStamp(buildFiles) !== buildAtStart;

  const meanOf = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const mean = meanOf(results.map((r) => r.cpuMs));
  const meanMain = meanOf(results.map((r) => r.mainThreadMs));
  const notes = results.filter((r) => r.notes.length).map((r) => `${r.page.path}: ${r.notes.join(', ')}`);
  const logLines = [...log.counts].map(([message, count]) => `${count} × ${message}`);
  const date = new Date().toISOString().slice(0, 10);
  const report = [
    `# Server cost of a signed-in page load, rendered per request (${date})`,
    '',
    `Machine: ${cpus().length} cores (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GB, ` +
      `Node ${process.version}; shared, load average ${loadBefore.toFixed(2)} before the per-page runs and ` +
      `${loadAfter.toFixed(2)} after the mix; other processes used ${f0(perPageOthers * 100)}% of the ` +
      `machine's CPU during the per-page runs and ${f0(mixOthers * 100)}% during the mix${databaseUrl ? ' (PostgreSQL among them)' : ''}. ` +
      `Database: ${database}, seeded with the demo data and ${MEMBERS} members. Command: \`pnpm bench:render\` (tests/perf/render.ts).`,
    '',
    `How: the built server (\`node ${[...start.nodeOptions, relative(ROOT, entry)].join(' ')}\`, as its start script runs it; NODE_ENV=production, LOG_LEVEL=warn) as a child process; ` +
      `the demo member (member pages) and the demo consultant (/admin21 pages) signed in over /trpc/auth.login, ` +
      `their session cookie and an answered cookie banner (cc_cookie) sent with every request, ` +
      `\`accept-encoding: gzip, deflate, br\` as a browser sends it. Each page: ${WARM_UP} warm-up requests, then ` +
      `N = ${N} sequential requests over one keep-alive connection. CPU: the server process's utime + stime ` +
      `(/proc/<pid>/stat, 10 ms ticks) over the whole batch divided by N, so it is the whole request (session ` +
      `lookup, the loaders' tRPC reads${databaseUrl ? '' : ' and the database itself'}, renderToString, Beasties, ` +
      `the embedded session, compression), not the render alone. Wall: each request's time to the last byte at ` +
      `the client; sequential on a quiet machine, a CPU-bound render's wall time approximates its CPU time on ` +
      `the main thread (/proc/<pid>/task/<pid>/stat, the event loop); the process's CPU can exceed the wall time ` +
      `because V8's collector threads and compression in libuv's pool run beside it. ` +
      `p99 of ${N} is the slowest request or close to it. Every answer was checked to be a 200 with ` +
      `the router's state with the page's query cache ($_TSR: rendered on the server, not the app shell). The idle server used ` +
      `${f1(idleCpuMsPerS)} ms of CPU per second before the runs.`,
    '',
    ...table(results),
    '',
    `Mean over the ${results.length} pages: ${f1(mean)} ms of server CPU per page load, ${f1(meanMain)} ms of ` +
      `it on the main thread.`,
    '',
    `## Memory under a page-load mix`,
    '',
    `All ${pages.length} pages in turn from ${CLIENTS} concurrent clients for ${f1(mixed.seconds)} s; the server's ` +
      `RSS (/proc/<pid>/status VmRSS) sampled every 100 ms. Before any signed-in page (started, the renderer ` +
      `loaded by the public pages' warm-up render, idle) it was ${f0(rssStart)} MB; "before" is after the ` +
      `per-page runs.`,
    '',
    '| requests | requests/s | wall p50 ms | wall p99 ms | server CPU ms/request | RSS before MB | RSS peak MB | RSS final MB | peak <= ' +
      `${RSS_LIMIT_MB} MB |`,
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    `| ${mixed.requests} | ${f1(mixed.requests / mixed.seconds)} | ${f1(percentile(mixed.walls, 50))} | ` +
      `${f1(percentile(mixed.walls, 99))} | ${f1(mixed.cpuMsPerRequest)} | ${f0(mixed.rssBefore)} | ` +
      `${f0(mixed.rssPeak)} | ${f0(mixed.rssFinal)} | ${rssPass ? 'PASS' : 'FAIL'} |`,
    '',
    ...(rebuilt ? ['**The build was rewritten during this run: these figures do not count.**', ''] : []),
    `Answers not rendered on the server in the mix: ${mixed.failures.length}.`,
    `The server logged ${logLines.length ? logLines.join('; ') : 'no warning or error'}.`,
    ...(notes.length ? ['', `Rendered markup showing more than the content: ${notes.join('; ')}.`] : []),
    '',
  ].join('\n');

  console.log(`\n${report}`);
  for (const line of log.first) console.log(`  server log: ${line}`);
  for (const failure of mixed.failures.slice(0, 5)) console.log(`  not rendered: ${failure}`);
  const dir = resolve(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = resolve(dir, `${date}-signed-in-render-cost.md`);
  writeFileSync(file, report);
  console.log(`Written to ${file}`);
  if (mixed.failures.length) {
    console.error(`${mixed.failures.length} answers in the mix were not pages rendered on the server`);
    process.exitCode = 1;
  }
  if (rebuilt) {
    console.error('The build was rewritten during the run (pnpm build elsewhere?): run it again');
    process.exitCode = 1;
  }
  if (!rssPass) {
    console.error(`RSS peaked at ${f0(mixed.rssPeak)} MB, over the ${RSS_LIMIT_MB} MB limit`);
    process.exitCode = 1;
  }
}

runBench(main, () => {
  for (const line of log.first) console.error(`  server log: ${line}`);
});
