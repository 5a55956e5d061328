import { createDb, migrateToLatest, pingDb } from '@rhema/db';
import pino from 'pino';
import { buildServer } from './app';
import { ConfigError, loadEnv } from './env';
import { publicOriginWarning } from './link-origin';

/** A start-up failure whose message says it all: printed without a stack trace. */
class StartupError extends Error {}

function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}

async function main() {
  const env = loadEnv();
  // until the server (and its logger) exists, pool errors go to stderr
  let poolErrorLog = (error: Error) => console.warn(`database connection error: ${error.message}`);
  const handle = await createDb({
    databaseUrl: env.DATABASE_URL,
    listenUrl: env.DATABASE_LISTEN_URL,
    pgliteDataDir: env.PGLITE_DATA_DIR,
    poolMax: env.DB_POOL_MAX,
    statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
    connectionTimeoutMs: env.DB_CONNECTION_TIMEOUT_MS,
    onPoolError: (error) => poolErrorLog(error),
  });
  try {
    await pingDb(handle.db).catch((error: Error) => {
      const where = env.DATABASE_URL ? redactUrl(env.DATABASE_URL) : env.PGLITE_DATA_DIR;
      throw new StartupError(`Cannot reach the database at ${where}: ${error.message}. Check DATABASE_URL.`);
    });
    await migrateToLatest(handle.db).catch((error: Error) => {
      throw new StartupError(error.message);
    });
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
  // the log written off the request path: lines are queued and written by the thread pool, several at a time
  // under load (a synchronous write per line took a quarter of the busy time); flushed before the process ends.
  // Written once 4 KB are queued or a second has passed: one write per line cost ~5 % of the busy time under GET
  // api/v1/faqs (bench/results/2026-11-29-request-path.md); a quiet server's lines still leave within a second
  const logStream = pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 1000 });
  process.on('exit', () => {
    // the last resort (an exit that did not pass through shutdown below): whatever is still queued, written now
    try {
      logStream.flushSync();
    } catch {
      // nothing left to write, or stdout is gone
    }
  });
  const app = await buildServer({
    env,
    db: handle.db,
    notifications: handle.notifications,
    logStream,
    poolStats: handle.stats,
  });
  poolErrorLog = (error) =>
    app.log.warn({ err: error }, 'a database connection failed; the pool replaces it');

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down: draining, then finishing in-flight requests');
    // said at once, not with the next batch of lines: whoever watches the log sees the drain begin
    logStream.flush();
    const force = setTimeout(() => {
      app.log.error('in-flight requests did not finish in time; exiting');
      process.exit(1);
    }, env.SHUTDOWN_GRACE_MS);
    force.unref();
    // keep serving while the load balancer notices the failing health check, then stop accepting and drain
    app.lifecycle.draining = true;
    await new Promise((r) => setTimeout(r, env.SHUTDOWN_DELAY_MS));
    await app.close();
    await handle.close();
    app.log.info('stopped');
    // every line of the requests served until now, written before the process ends
    await new Promise<void>((resolve) => logStream.flush(() => resolve()));
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
  const originWarning = publicOriginWarning(env);
  if (originWarning) app.log.warn(originWarning);
  app.log.info(
    `database: ${handle.kind === 'postgres' ? 'PostgreSQL' : `embedded PGlite (${env.PGLITE_DATA_DIR})`}`,
  );
  // the start-up lines at once, as the shutdown's
  logStream.flush();
}

main().catch((error: Error & { code?: string }) => {
  if (error instanceof ConfigError || error instanceof StartupError) {
    console.error(error.message);
  } else if (error.code === 'EADDRINUSE') {
    console.error(`Port ${process.env.PORT ?? 3000} is already in use. Stop the other server or set PORT.`);
  } else {
    console.error(`Server failed to start: ${error.message}`);
    if (process.env.NODE_ENV !== 'production') console.error(error.stack);
  }
  process.exit(1);
});
