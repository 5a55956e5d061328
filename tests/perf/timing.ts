// `pnpm bench:timing` (part of `pnpm bench`): how long an answer takes when the account exists and when it does not,
// on the three paths where a difference would tell who has an account: a login with an unknown email beside a wrong
// password, a reset request for a known email beside an unknown one, a sign-up with a taken address beside a new one.
// It prints the medians and their ratio and asserts nothing: the tests check that both sides do the same work (one
// argon2id verification, one job, one hash: auth.int.test.ts, reset-timing.int.test.ts,
// registration-enumeration.int.test.ts); the figures are in bench/results/timing.md.
//
// The built server (apps/server/dist/index.js, or the source through tsx when there is none) on a fresh embedded
// database in a scratch folder, on a free port; every request from its own address (X-Forwarded-For) so the per-IP
// limits answer in place of nothing. TIMING_PAIRS (15): interleaved pairs per path.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createDb, migrateToLatest } from '@rhema/db';
import { seedUser } from '@rhema/seed';

const ROOT = resolve(import.meta.dirname, '../..');
const BUILT = resolve(ROOT, 'apps/server/dist/index.js');
const PAIRS = Number(process.env.TIMING_PAIRS ?? 15);
const PASSWORD = 'timing bench passphrase 12';

function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? done(address.port) : reject(new Error('no port')),
      );
    });
  });
}

let client = 0;
async function timed(base: string, path: string, body: unknown): Promise<number> {
  client++;
  const started = performance.now();
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `198.18.${(client >> 8) & 255}.${client & 255}`,
    },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  const ms = performance.now() - started;
  if (res.status >= 500) throw new Error(`${path} answered ${res.status}`);
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function compare(
  label: string,
  [aName, a]: [string, (i: number) => Promise<number>],
  [bName, b]: [string, (i: number) => Promise<number>],
) {
  await a(-1);
  await b(-1); // warm-up
  const as: number[] = [];
  const bs: number[] = [];
  for (let i = 0; i < PAIRS; i++) {
    as.push(await a(i));
    bs.push(await b(i));
  }
  const [ma, mb] = [median(as), median(bs)];
  console.log(
    `  ${label.padEnd(22)} ${aName} ${ma.toFixed(1).padStart(6)} ms   ${bName} ${mb.toFixed(1).padStart(6)} ms   ratio ${(ma / mb).toFixed(2)}`,
  );
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'rhema-timing-'));
  const dataDir = join(dir, 'pglite');
  const seed = await createDb({ pgliteDataDir: dataDir });
  await migrateToLatest(seed.db);
  const known = (i: number) => `timing-known-${i + 1}@example.test`;
  for (let i = -1; i < PAIRS; i++)
    await seedUser(seed.db, { email: known(i), first_name: 'Known', password: PASSWORD });
  await seed.close();

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(
    process.execPath,
    existsSync(BUILT) ? [BUILT] : ['--import', 'tsx', 'apps/server/src/index.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: '',
        PGLITE_DATA_DIR: dataDir,
        MAIL_DIR: join(dir, 'mail'),
        PHOTO_DIR: join(dir, 'photos'),
        PUBLIC_ORIGIN: base,
        TRUST_PROXY: 'true',
        REDIS_URL: '',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  try {
    for (let tries = 0; ; tries++) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      if (
        await fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (tries > 300) throw new Error('the server did not become healthy');
      await new Promise((r) => setTimeout(r, 100));
    }
    console.log(
      `Timing of answers (median of ${PAIRS} interleaved pairs, load ${loadavg()[0]!.toFixed(1)}):`,
    );
    await compare(
      'login',
      [
        'unknown email',
        (i) => timed(base, '/api/v1/auth/login', { email: `nobody-${i}@example.test`, password: PASSWORD }),
      ],
      [
        'wrong password',
        (i) => timed(base, '/api/v1/auth/login', { email: known(i), password: 'not the password' }),
      ],
    );
    await compare(
      'reset request',
      ['known email', (i) => timed(base, '/api/v1/password/request', { email: known(i) })],
      [
        'unknown email',
        (i) => timed(base, '/api/v1/password/request', { email: `nobody-${i}@example.test` }),
      ],
    );
    const details = {
      password: PASSWORD,
      first_name: 'Ada',
      last_name: 'Timing',
      gender: 'female',
      date_of_birth: '1990-01-01',
      country_code: 'GB',
      phone: '+447700900321',
    };
    await compare(
      'sign-up',
      ['taken address', (i) => timed(base, '/api/v1/auth/register', { ...details, email: known(i) })],
      [
        'new address',
        (i) => timed(base, '/api/v1/auth/register', { ...details, email: `new-${i}@example.test` }),
      ],
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
