// The server under test: building and seeding it, waiting until it answers, the fixtures it is driven with.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createDb } from '@rhema/db';
import { ROOT } from './config';
import { type Fixtures } from './workload';

const START_SCRIPT = resolve(ROOT, 'apps/server/start.sh');

/**
 * The words of the server's start command, after `exec env`, in apps/server/start.sh (the one place that says how the
 * built server runs: `pnpm start` and the image run that file), as the script makes them for `env`: its lines before
 * that one run first (they choose settings by the database, DATABASE_URL).
 */
function startWords(env: NodeJS.ProcessEnv): string[] {
  const script = readFileSync(START_SCRIPT, 'utf8');
  const exec = /^exec env (.+)$/m.exec(script);
  if (!exec) throw new Error('apps/server/start.sh has no `exec env …` line');
  const words = execFileSync('sh', ['-c', `${script.slice(0, exec.index)}\necho ${exec[1]}`], {
    cwd: resolve(ROOT, 'apps/server'),
    env,
    encoding: 'utf8',
  });
  return words.trim().split(/\s+/);
}

/**
 * How the start command runs the server for `env`: node's options (`… node --max-old-space-size=512 … dist/index.js`)
 * and the variables it sets for node (MALLOC_ARENA_MAX). The built server is measured with the settings it runs
 * with. The tracing preload (apps/server/src/telemetry.ts) is left out: it does nothing without
 * OTEL_EXPORTER_OTLP_ENDPOINT, and its path is relative to apps/server.
 */
export function serverStart(env: NodeJS.ProcessEnv): { nodeOptions: string[]; env: Record<string, string> } {
  const words = startWords(env);
  const node = words.indexOf('node');
  return {
    nodeOptions: words
      .slice(node + 1)
      .filter((word) => word.startsWith('--') && !word.startsWith('--import')),
    env: Object.fromEntries(
      words
        .slice(0, Math.max(0, node))
        .map((word) => /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(word))
        .filter((match) => match !== null)
        .map((match) => [match[1]!, match[2]!]),
    ),
  };
}

export function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) =>
      code === 0 ? resolveRun() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

export async function waitForHealthy(base: string, server: ChildProcess, timeoutMs: number) {
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
export async function readFixtures(
  databaseUrl: string | undefined,
  pgliteDataDir: string,
): Promise<Fixtures> {
  const handle = await createDb(databaseUrl ? { databaseUrl } : { pgliteDataDir });
  try {
    const members = await handle.db
      .selectFrom('users')
      .select(['contact_reference', 'email', 'profile_visibility', 'status'])
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
        .filter((m) => m.profile_visibility === 'visible' && m.status === 'active')
        .map((m) => m.contact_reference),
      unknownReferences,
      memberEmails: members.map((m) => m.email).slice(0, 100),
      runId: randomBytes(4).toString('hex'),
    };
  } finally {
    await handle.close();
  }
}

export interface ServerLog {
  errors: number;
  lines: string[];
}

/** What a run set up and must take down (a server, a data dir), undone last first, on success and on failure. */
export const cleanups: (() => Promise<void>)[] = [];
export async function cleanUp() {
  while (cleanups.length) await cleanups.pop()!().catch((error: unknown) => console.error(error));
}

export function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    server.once('exit', () => done());
    server.kill('SIGTERM');
    setTimeout(() => server.kill('SIGKILL'), 10_000).unref();
  });
}

/**
 * Runs a bench's main: its servers and databases are cleaned up when it ends, fails or is interrupted (Ctrl-C), and a
 * failure is printed (then `onFailure`, e.g. the server's first log lines) with exit code 1.
 */
export function runBench(main: () => Promise<void>, onFailure?: () => void): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void cleanUp().finally(() => process.exit(130));
    });
  }
  main()
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      onFailure?.();
      process.exitCode = 1;
    })
    .finally(() => cleanUp());
}
