// `pnpm bench:load` (after `pnpm build`): docs/security.md target 20. Starts the built server on a freshly seeded database
// and drives a mixed read/write workload over its real HTTP paths, finds the highest rate it holds (p99 within
// LOAD_P99_MS and no unexpected error), holds that rate, and prints per path and overall: requests/s, p50/p95/p99,
// 2xx, expected 4xx and unexpected errors (5xx, other non-2xx, socket errors, time-outs). Exits 1 on any unexpected
// error, in any phase. It asserts no figure (STYLE.md habit 8).
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
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { createHistogram, performance, type RecordableHistogram } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { createDb } from '@rhema/db';
import { createDatabase, dropDatabase } from '@rhema/db/testing-pg';

const ROOT = resolve(import.meta.dirname, '../..');

function numberEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, not ${raw}`);
  return value;
}

const P99_LIMIT_MS = numberEnv('LOAD_P99_MS', 250);
const STEP_SECONDS = numberEnv('LOAD_STEP_SECONDS', 5);
const HOLD_SECONDS = numberEnv('LOAD_HOLD_SECONDS', 15);
const CONNECTIONS = Math.round(numberEnv('LOAD_CONNECTIONS', 64));
const MEMBERS = Math.round(numberEnv('LOAD_MEMBERS', 200));
const PORT = Math.round(numberEnv('LOAD_PORT', 3410));
const FIXED_RATE = process.env.LOAD_RATE ? numberEnv('LOAD_RATE', 1) : undefined;
const REQUEST_TIMEOUT_MS = 10_000;

// ---------------------------------------------------------------------------------------------------------------
// The workload

interface Fixtures {
  publicReferences: string[];
  unknownReferences: string[];
  memberEmails: string[];
  runId: string;
}

interface PlannedRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

interface Endpoint {
  name: string;
  /** share of the requests, out of the weights' sum */
  weight: number;
  /** answers that are the endpoint doing its job (a wrong password, an unknown reference, a limit reached) */
  expected4xx: number[];
  /** the i-th request to this endpoint */
  plan: (i: number, fixtures: Fixtures) => PlannedRequest;
  /** the client address the server sees (X-Forwarded-For); by default a new one for every request */
  ip?: string;
}

/** One address per request, cycling through 198.18.0.0/15 (RFC 2544's benchmarking range; only a header here). */
function clientIp(n: number): string {
  const i = n % 131_072;
  return `198.${18 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`;
}
const ONE_CLIENT_IP = '203.0.113.7';

function pick<T>(list: T[], i: number): T {
  const value = list[i % list.length];
  if (value === undefined) throw new Error('empty fixture list');
  return value;
}

const TOPICS = ['communication', 'readiness', 'finances', 'faith-family', 'dating-confidence'];
const COUNTRIES = ['GB', 'NG', 'GH', 'US', 'ZA', 'CA'];

const ENDPOINTS: Endpoint[] = [
  { name: 'GET / (prerendered)', weight: 14, expected4xx: [], plan: () => get('/') },
  { name: 'GET /terms (prerendered)', weight: 6, expected4xx: [], plan: () => get('/terms') },
  { name: 'GET /faq (server-rendered)', weight: 12, expected4xx: [], plan: () => get('/faq') },
  {
    name: 'GET /api/v1/faqs',
    weight: 18,
    expected4xx: [],
    plan: (i) => get(`/api/v1/faqs?faq_type=${i % 3 ? 'faqs' : 'points'}`),
  },
  {
    name: 'GET search/match public ref',
    weight: 18,
    expected4xx: [429],
    plan: (i, f) => get(`/api/v1/search/match?contact_reference=${pick(f.publicReferences, i)}`),
  },
  {
    name: 'GET search/match unknown ref',
    weight: 8,
    expected4xx: [404, 429],
    plan: (i, f) => get(`/api/v1/search/match?contact_reference=${pick(f.unknownReferences, i)}`),
  },
  {
    // someone guessing references from one address: 60 a minute answer 404, the rest 429 (docs/security.md target 11)
    name: 'GET search/match one IP',
    weight: 4,
    expected4xx: [404, 429],
    plan: (i, f) => get(`/api/v1/search/match?contact_reference=${pick(f.unknownReferences, i)}`),
    ip: ONE_CLIENT_IP,
  },
  {
    // every one costs an argon2id verification (members' and unknown addresses alike): the dearest request here
    name: 'POST auth/login wrong pw',
    weight: 1,
    expected4xx: [401, 429],
    plan: (i, f) =>
      post('/api/v1/auth/login', {
        email: i % 2 ? pick(f.memberEmails, i) : `nobody-${f.runId}-${i}@load.example`,
        password: `wrong-password-${i}`,
      }),
  },
  {
    name: 'POST trpc training.signup',
    weight: 7,
    expected4xx: [429],
    plan: (i, f) =>
      post('/trpc/training.signup', {
        first_name: 'Load',
        email: `load-${f.runId}-${i}@load.example`,
        country_code: pick(COUNTRIES, i),
        topics: [pick(TOPICS, i), pick(TOPICS, i + 2)],
        consent: true,
      }),
  },
  { name: 'GET /healthz', weight: 12, expected4xx: [], plan: () => get('/healthz') },
];

function get(path: string): PlannedRequest {
  return { method: 'GET', path };
}
function post(path: string, body: unknown): PlannedRequest {
  return { method: 'POST', path, body: JSON.stringify(body) };
}

/** The weights laid out as a shuffled deck of endpoint indexes, dealt in turn: the mix is exact over each deck. */
function buildDeck(): number[] {
  const deck = ENDPOINTS.flatMap((endpoint, index) => Array<number>(endpoint.weight).fill(index));
  let seed = 20;
  for (let i = deck.length - 1; i > 0; i--) {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    const j = seed % (i + 1);
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  return deck;
}

// ---------------------------------------------------------------------------------------------------------------
// Measuring

interface EndpointStats {
  latency: RecordableHistogram;
  ok: number;
  expected: Map<number, number>;
  unexpected: Map<string, number>;
}

interface PhaseResult {
  label: string;
  targetRate: number | null;
  seconds: number;
  sent: number;
  /** scheduled but never sent: the client gave up on a step the server could not keep up with */
  dropped: number;
  overall: RecordableHistogram;
  perEndpoint: EndpointStats[];
  samples: string[];
  cpu: CpuFigures | null;
}

function newStats(): EndpointStats {
  return { latency: createHistogram(), ok: 0, expected: new Map(), unexpected: new Map() };
}

const sum = (map: Map<unknown, number>) => [...map.values()].reduce((a, b) => a + b, 0);
const ms = (histogram: RecordableHistogram, p: number) =>
  histogram.count ? histogram.percentile(p) / 1000 : Number.NaN;

function completed(result: PhaseResult): number {
  return result.perEndpoint.reduce((a, s) => a + s.ok + sum(s.expected) + sum(s.unexpected), 0);
}
function unexpectedCount(result: PhaseResult): number {
  return result.perEndpoint.reduce((a, s) => a + sum(s.unexpected), 0);
}
function held(result: PhaseResult): boolean {
  const rate = completed(result) / result.seconds;
  return (
    result.dropped === 0 &&
    unexpectedCount(result) === 0 &&
    ms(result.overall, 99) <= P99_LIMIT_MS &&
    (result.targetRate === null || rate >= result.targetRate * 0.95)
  );
}

interface CpuFigures {
  machineBusy: number;
  cores: number;
  server: number;
  client: number;
}

/** Busy and total jiffies of the machine, and the server's own, from /proc (Linux); null elsewhere. */
function cpuSnapshot(serverPid: number | undefined) {
  try {
    const fields = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const total = fields.reduce((a, b) => a + b, 0);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    const cores = readFileSync('/proc/stat', 'utf8').match(/^cpu\d+ /gm)?.length ?? 1;
    let server = 0;
    if (serverPid) {
      const stat = readFileSync(`/proc/${serverPid}/stat`, 'utf8');
      const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      server = Number(after[11]) + Number(after[12]); // utime + stime (fields 14 and 15)
    }
    return { total, busy: total - idle, cores, server, client: process.cpuUsage(), at: performance.now() };
  } catch {
    return null;
  }
}

function cpuBetween(a: ReturnType<typeof cpuSnapshot>, b: ReturnType<typeof cpuSnapshot>): CpuFigures | null {
  if (!a || !b || b.total === a.total) return null;
  const seconds = (b.at - a.at) / 1000;
  const client = process.cpuUsage(a.client);
  return {
    machineBusy: (b.busy - a.busy) / (b.total - a.total),
    cores: b.cores,
    // jiffies are 1/100 s on Linux
    server: (b.server - a.server) / 100 / seconds,
    client: (client.user + client.system) / 1e6 / seconds,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The client: Node's own http with keep-alive sockets, never more than CONNECTIONS requests in flight

/** An unexpected answer's body, readable in the report whatever encoding the server chose. */
function decode(body: Buffer, encoding: string | undefined): string {
  try {
    if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
    if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
    if (encoding === 'deflate') return inflateSync(body).toString('utf8');
  } catch {
    return `(${encoding} body that does not decode)`;
  }
  return body.toString('utf8');
}

class LoadClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  private readonly deck = buildDeck();
  private counter = 0;
  private readonly perEndpoint = ENDPOINTS.map(() => 0);

  constructor(
    private readonly port: number,
    private readonly fixtures: Fixtures,
    private readonly serverPid: number | undefined,
  ) {}

  close() {
    this.agent.destroy();
  }

  private send(result: PhaseResult, startedAt: number): Promise<void> {
    const n = this.counter++;
    const index = this.deck[n % this.deck.length]!;
    const endpoint = ENDPOINTS[index]!;
    const stats = result.perEndpoint[index]!;
    const planned = endpoint.plan(this.perEndpoint[index]!++, this.fixtures);
    result.sent++;
    return new Promise((done) => {
      const finish = (outcome: { status: number } | { error: string }, body = '') => {
        const micros = Math.max(1, Math.round((performance.now() - startedAt) * 1000));
        stats.latency.record(micros);
        result.overall.record(micros);
        let unexpected: string | null = null;
        if ('error' in outcome) unexpected = outcome.error;
        else if (outcome.status >= 200 && outcome.status < 300) stats.ok++;
        else if (endpoint.expected4xx.includes(outcome.status))
          stats.expected.set(outcome.status, (stats.expected.get(outcome.status) ?? 0) + 1);
        else unexpected = `HTTP ${outcome.status}`;
        if (unexpected) {
          stats.unexpected.set(unexpected, (stats.unexpected.get(unexpected) ?? 0) + 1);
          if (result.samples.length < 8)
            result.samples.push(`${endpoint.name}: ${unexpected} ${body.slice(0, 200)}`.trim());
        }
        done();
      };
      const headers: http.OutgoingHttpHeaders = {
        'x-forwarded-for': endpoint.ip ?? clientIp(n),
        'accept-encoding': 'gzip, deflate, br',
        'user-agent': 'rhema-load-bench',
        accept:
          planned.path.startsWith('/api/') || planned.path.startsWith('/trpc') ? 'application/json' : '*/*',
      };
      if (planned.body !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = Buffer.byteLength(planned.body);
      }
      const request = http.request(
        {
          host: '127.0.0.1',
          port: this.port,
          method: planned.method,
          path: planned.path,
          headers,
          agent: this.agent,
        },
        (response) => {
          const status = response.statusCode ?? 0;
          const keep = !(status >= 200 && status < 300) && !endpoint.expected4xx.includes(status);
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => {
            if (keep) chunks.push(chunk);
          });
          response.on('end', () =>
            finish(
              { status },
              keep ? decode(Buffer.concat(chunks), response.headers['content-encoding']) : '',
            ),
          );
          response.on('error', (error) => finish({ error: `response ${error.message}` }));
        },
      );
      request.setTimeout(REQUEST_TIMEOUT_MS, () =>
        request.destroy(new Error(`time-out (${REQUEST_TIMEOUT_MS} ms)`)),
      );
      request.on('error', (error: NodeJS.ErrnoException) => finish({ error: error.code ?? error.message }));
      request.end(planned.body);
    });
  }

  private newResult(label: string, targetRate: number | null, seconds: number): PhaseResult {
    return {
      label,
      targetRate,
      seconds,
      sent: 0,
      dropped: 0,
      overall: createHistogram(),
      perEndpoint: ENDPOINTS.map(newStats),
      samples: [],
      cpu: null,
    };
  }

  /** As many requests as CONNECTIONS clients sending one after another can make: what the server can do at most. */
  async closedLoop(label: string, seconds: number, connections = CONNECTIONS): Promise<PhaseResult> {
    const result = this.newResult(label, null, seconds);
    const before = cpuSnapshot(this.serverPid);
    const started = performance.now();
    const end = started + seconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < end) await this.send(result, performance.now());
      }),
    );
    result.seconds = (performance.now() - started) / 1000;
    result.cpu = cpuBetween(before, cpuSnapshot(this.serverPid));
    return result;
  }

  /** `rate` requests a second on a fixed schedule for `seconds`; latency counts from each scheduled moment. */
  openLoop(label: string, rate: number, seconds: number): Promise<PhaseResult> {
    const result = this.newResult(label, rate, seconds);
    const total = Math.round(rate * seconds);
    const before = cpuSnapshot(this.serverPid);
    const started = performance.now();
    const backlog: number[] = [];
    let scheduled = 0;
    let inFlight = 0;
    return new Promise((done) => {
      const settle = () => {
        if (scheduled === total && inFlight === 0 && backlog.length === 0) {
          clearInterval(timer);
          result.cpu = cpuBetween(before, cpuSnapshot(this.serverPid));
          done(result);
        }
      };
      const fire = (at: number) => {
        inFlight++;
        void this.send(result, at).then(() => {
          inFlight--;
          const next = backlog.shift();
          if (next !== undefined) fire(next);
          settle();
        });
      };
      const timer = setInterval(() => {
        // request i is due at started + i/rate: the first one at once
        const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate) + 1);
        for (; scheduled < due; scheduled++) {
          const at = started + (scheduled * 1000) / rate;
          if (inFlight < CONNECTIONS) fire(at);
          else backlog.push(at);
        }
        // two seconds of requests waiting for a socket: this rate is lost, stop piling on
        if (backlog.length > rate * 2) {
          result.dropped += backlog.length + (total - scheduled);
          backlog.length = 0;
          scheduled = total;
        }
        settle();
      }, 1);
    });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The server under test

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) =>
      code === 0 ? resolveRun() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

async function waitForHealthy(base: string, server: ChildProcess, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode} on start`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server at ${base} did not become healthy`);
}

/** Public and hidden references, and members' addresses, read from the seeded database before the server opens it. */
async function readFixtures(databaseUrl: string | undefined, pgliteDataDir: string): Promise<Fixtures> {
  const handle = await createDb(databaseUrl ? { databaseUrl } : { pgliteDataDir });
  try {
    const members = await handle.db
      .selectFrom('users')
      .select(['contact_reference', 'email', 'is_profile_public', 'status'])
      .where('role', '=', 'member')
      .orderBy('email')
      .execute();
    const known = new Set(members.map((m) => m.contact_reference));
    const unknownReferences: string[] = [];
    const alphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
    while (unknownReferences.length < 200) {
      const reference = Array.from(randomBytes(6), (b) => alphabet[b % alphabet.length]).join('');
      if (!known.has(reference)) unknownReferences.push(reference);
    }
    return {
      publicReferences: members
        .filter((m) => m.is_profile_public && m.status === 'active')
        .map((m) => m.contact_reference),
      unknownReferences,
      memberEmails: members.map((m) => m.email).slice(0, 100),
      runId: randomBytes(4).toString('hex'),
    };
  } finally {
    await handle.close();
  }
}

interface ServerLog {
  errors: number;
  lines: string[];
}

// ---------------------------------------------------------------------------------------------------------------
// Reporting

const fmt = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-');

function stepLine(result: PhaseResult): string {
  const rate = completed(result) / result.seconds;
  const expected = result.perEndpoint.reduce((a, s) => a + sum(s.expected), 0);
  const target = result.targetRate === null ? 'closed loop' : `${Math.round(result.targetRate)} req/s`;
  return (
    `  ${result.label.padEnd(12)} ${target.padStart(13)}: ${Math.round(rate).toString().padStart(5)} req/s done, ` +
    `p50 ${fmt(ms(result.overall, 50))}  p95 ${fmt(ms(result.overall, 95))}  p99 ${fmt(ms(result.overall, 99))} ms, ` +
    `expected 4xx ${expected}, unexpected ${unexpectedCount(result)}` +
    (result.dropped ? `, ${result.dropped} not sent (server fell behind)` : '') +
    (result.targetRate === null ? '' : held(result) ? '  held' : '  NOT held')
  );
}

function printTable(result: PhaseResult) {
  const header = ['endpoint', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', '2xx', 'expected 4xx', 'unexpected'];
  const widths = [30, 8, 8, 8, 8, 7, 22, 10];
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 || i === 6 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' ');
  console.log(line(header));
  const row = (name: string, stats: EndpointStats) => {
    const count = stats.ok + sum(stats.expected) + sum(stats.unexpected);
    const expected = [...stats.expected].map(([status, n]) => `${status}:${n}`).join(' ') || '0';
    console.log(
      line([
        name,
        (count / result.seconds).toFixed(1),
        fmt(ms(stats.latency, 50)),
        fmt(ms(stats.latency, 95)),
        fmt(ms(stats.latency, 99)),
        String(stats.ok),
        expected,
        String(sum(stats.unexpected)),
      ]),
    );
  };
  result.perEndpoint.forEach((stats, i) => row(ENDPOINTS[i]!.name, stats));
  const overall: EndpointStats = {
    latency: result.overall,
    ok: result.perEndpoint.reduce((a, s) => a + s.ok, 0),
    expected: new Map(),
    unexpected: new Map(),
  };
  for (const stats of result.perEndpoint) {
    for (const [k, v] of stats.expected) overall.expected.set(k, (overall.expected.get(k) ?? 0) + v);
    for (const [k, v] of stats.unexpected) overall.unexpected.set(k, (overall.unexpected.get(k) ?? 0) + v);
  }
  row('overall', overall);
  if (result.cpu) {
    const { machineBusy, cores, server, client } = result.cpu;
    console.log(
      `CPU: machine ${Math.round(machineBusy * 100)}% busy (${cores} cores); server process ` +
        `${Math.round(server * 100)}% of a core, this load client ${Math.round(client * 100)}%`,
    );
  }
}

// ---------------------------------------------------------------------------------------------------------------

const cleanups: (() => Promise<void>)[] = [];
async function cleanUp() {
  while (cleanups.length) await cleanups.pop()!().catch((error: unknown) => console.error(error));
}

function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    server.once('exit', () => done());
    server.kill('SIGTERM');
    setTimeout(() => server.kill('SIGKILL'), 10_000).unref();
  });
}

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

  const server = spawn('node', [entry], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
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

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => cleanUp());
