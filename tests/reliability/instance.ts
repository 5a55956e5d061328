// One server process for the reliability run: the built server (apps/server/dist/index.js, as `pnpm start` and
// tests/perf/scale.ts run it), or the TypeScript source through tsx when there is no build yet. Readiness and
// shutdown are read from the server's own log lines (signals), never waited for with sleeps.
import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter, once } from 'node:events';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const BUILT = resolve(ROOT, 'apps/server/dist/index.js');
const SOURCE = resolve(ROOT, 'apps/server/src/index.ts');

/** What runs: the build when it is there (after `pnpm build`, as in `pnpm test`), else the source. */
export const serverEntry = existsSync(BUILT)
  ? { label: 'built server (apps/server/dist/index.js)', args: [BUILT] }
  : {
      label: 'server source through tsx (no build: apps/server/dist is missing)',
      args: ['--import', 'tsx', SOURCE],
    };

const handedOut = new Set<number>();
/** A port no process listens on now (the system's pick, never the same twice), so runs side by side never collide. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolvePort, reject) => {
      const probe = createServer();
      probe.once('error', reject);
      probe.listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() =>
          typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
        );
      });
    });
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

export interface Instance {
  readonly name: string;
  /** PostgreSQL's application_name of its pooled connections (DATABASE_URL). */
  readonly applicationName: string;
  /** PostgreSQL's application_name of its LISTEN connection (DATABASE_LISTEN_URL, as behind a PgBouncer). */
  readonly listenApplicationName: string;
  readonly base: string;
  readonly port: number;
  readonly pid: number;
  readonly child: ChildProcess;
  /** Resolves with the first log line matching `pattern` (already seen or still to come). */
  logLine: (pattern: RegExp) => Promise<string>;
  /** Its log lines above info (warnings, errors), the last `n`: for a failure's message. */
  problems: (n?: number) => string;
  /** The exit code, once the process has exited. */
  readonly exited: Promise<number | null>;
  stop: () => Promise<void>;
}

export async function startInstance(options: {
  name: string;
  databaseUrl: string;
  port: number;
  env?: Record<string, string>;
}): Promise<Instance> {
  const applicationName = `rhema-reliab-${options.name}-${process.pid}`;
  const databaseUrl = new URL(options.databaseUrl);
  databaseUrl.searchParams.set('application_name', applicationName);
  // the LISTEN connection through its own URL, as a deployment behind PgBouncer sets it (docs/scaling.md)
  const listenApplicationName = `${applicationName}-listen`;
  const listenUrl = new URL(options.databaseUrl);
  listenUrl.searchParams.set('application_name', listenApplicationName);
  const scratch = mkdtempSync(join(tmpdir(), `rhema-reliab-${options.name}-`));
  const child = spawn(process.execPath, serverEntry.args, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      DATABASE_URL: databaseUrl.toString(),
      DATABASE_LISTEN_URL: listenUrl.toString(),
      PUBLIC_ORIGIN: `http://127.0.0.1:${options.port}`,
      // behind the load balancer this run plays: the client address comes from X-Forwarded-For
      TRUST_PROXY: 'true',
      MAIL_DIR: join(scratch, 'mail'),
      PHOTO_DIR: join(scratch, 'photos'),
      // SHUTDOWN_DELAY_MS stays at its default (1 s): after SIGTERM, failing health checks while still serving,
      // then close (apps/server/src/index.ts)
      REDIS_URL: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const events = new EventEmitter();
  let partial = '';
  const onData = (chunk: Buffer) => {
    partial += chunk.toString();
    const complete = partial.split('\n');
    partial = complete.pop() ?? '';
    for (const line of complete) {
      lines.push(line);
      events.emit('line', line);
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  void exited.then(() => events.emit('exit'));

  const logLine = (pattern: RegExp) =>
    new Promise<string>((resolvePromise, reject) => {
      const seen = lines.find((line) => pattern.test(line));
      if (seen) return resolvePromise(seen);
      const onLine = (line: string) => {
        if (!pattern.test(line)) return;
        cleanup();
        resolvePromise(line);
      };
      const onExit = () => {
        cleanup();
        reject(
          new Error(
            `${options.name} exited (${child.exitCode}) before logging ${pattern}:\n${lines.slice(-20).join('\n')}`,
          ),
        );
      };
      const cleanup = () => {
        events.off('line', onLine);
        events.off('exit', onExit);
      };
      events.on('line', onLine);
      events.on('exit', onExit);
      if (child.exitCode !== null) onExit();
    });

  // Fastify logs "Server listening at http://127.0.0.1:<port>" once the port accepts connections
  await logLine(/Server listening at/);
  return {
    name: options.name,
    applicationName,
    listenApplicationName,
    base: `http://127.0.0.1:${options.port}`,
    port: options.port,
    pid: child.pid!,
    child,
    logLine,
    problems: (n = 20) =>
      lines
        .filter((line) => !/"level":(10|20|30),/.test(line))
        .slice(-n)
        .join('\n'),
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
