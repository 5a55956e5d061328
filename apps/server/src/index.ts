import { createDb, migrateToLatest } from '@rhema/db';
import { buildServer } from './app';
import { ConfigError, loadEnv } from './env';

async function main() {
  const env = loadEnv();
  const handle = await createDb({
    databaseUrl: env.DATABASE_URL,
    pgliteDataDir: env.PGLITE_DATA_DIR,
    poolMax: env.DB_POOL_MAX,
    statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
    connectionTimeoutMs: env.DB_CONNECTION_TIMEOUT_MS,
    onPoolError: (error) =>
      app.log.warn({ err: error }, 'idle database connection failed; the pool replaces it'),
  });
  try {
    await migrateToLatest(handle.db);
  } catch (error) {
    await handle.close();
    throw error;
  }
  const app = await buildServer({ env, db: handle.db });

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('in-flight requests did not finish in time; exiting');
      process.exit(1);
    }, env.SHUTDOWN_GRACE_MS);
    force.unref();
    await app.close();
    await handle.close();
    app.log.info('stopped');
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(
    `database: ${handle.kind === 'postgres' ? 'PostgreSQL' : `embedded PGlite (${env.PGLITE_DATA_DIR})`}`,
  );
}

main().catch((error: Error & { code?: string }) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else if (error.code === 'ECONNREFUSED' || error.code === 'ENOTFOUND' || /timeout/i.test(error.message)) {
    console.error(`Cannot reach the database (${error.code ?? error.message}). Check DATABASE_URL.`);
  } else {
    console.error(`Server failed to start: ${error.message}`);
    if (process.env.NODE_ENV !== 'production') console.error(error.stack);
  }
  process.exit(1);
});
