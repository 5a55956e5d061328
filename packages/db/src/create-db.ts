import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql, type LogEvent } from 'kysely';
import pg from 'pg';
import { boundedDialect, PGLITE_MAX_WAITING, type PoolStats } from './bounded-dialect';
import { pgliteNotifications, postgresNotifications, type NotificationListener } from './notifications';
import type { DB } from './schema.gen';

// DATE columns stay 'YYYY-MM-DD' strings: a date of birth is a calendar day, not an instant, and turning it into
// a JS Date at midnight local time shifts it by a day in half the world's time zones.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export type Database = Kysely<DB>;

export interface CreateDbOptions {
  /** postgres://… — when absent, an embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /**
   * Where the LISTEN connection goes, when not to `databaseUrl`: PostgreSQL itself when `databaseUrl` is a PgBouncer
   * in transaction mode, which cannot hold a LISTEN (docs/scaling.md).
   */
  listenUrl?: string | undefined;
  /** Where PGlite keeps its files; `memory://` keeps them in memory. */
  pgliteDataDir?: string | undefined;
  /** Open PGlite from a `dumpDataDir()` tarball (used for the test template). */
  pgliteLoadDataDir?: Blob | File | undefined;
  statementTimeoutMs?: number;
  /**
   * PostgreSQL: the wait for a pooled connection. PGlite: when set, the wait for its one connection, with at most
   * `pgliteMaxWaiting` requests waiting (bounded-dialect.ts); unset (tests), the line is unbounded.
   */
  connectionTimeoutMs?: number;
  pgliteMaxWaiting?: number;
  poolMax?: number;
  /** Called once when a pooled connection fails, idle or in use (e.g. PostgreSQL restarts); the pool replaces it. */
  onPoolError?: (error: Error) => void;
  log?: (event: LogEvent) => void;
}

export interface DbHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  /** The connection pool behind `db`, when kind is 'postgres' (the seed streams COPY through it). */
  pool?: pg.Pool;
  /** The embedded instance, when kind is 'pglite' (tests dump it as a template). */
  pglite?: PGlite;
  /** LISTEN/NOTIFY on this database (a dedicated connection on PostgreSQL, made at the first `listen`) */
  notifications: NotificationListener;
  /** the pool's figures now (the gauges of the server's /metrics) */
  stats: () => PoolStats;
  close: () => Promise<void>;
}

export async function createDb(options: CreateDbOptions = {}): Promise<DbHandle> {
  const log = options.log;
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolMax ?? 10,
      connectionTimeoutMillis: options.connectionTimeoutMs ?? 5_000,
      statement_timeout: options.statementTimeoutMs ?? 10_000,
      idle_in_transaction_session_timeout: 30_000,
      idleTimeoutMillis: 30_000,
    });
    // An 'error' event nobody listens to crashes the process, and pg-pool listens to a client only while it is
    // idle: a connection lost while checked out (a statement or transaction in flight when PostgreSQL restarts)
    // would take the server down. So every client gets its own listener for its whole life; the statement in
    // flight fails as well and the pool drops the client when it is released (brianc/node-postgres#2439).
    pool.on('connect', (client) => {
      let reported = false;
      client.on('error', (error) => {
        // a lost connection can emit twice (the socket's error, then 'Connection terminated unexpectedly')
        if (!reported) options.onPoolError?.(error);
        reported = true;
      });
    });
    // emitted for idle clients, whose error the listener above has reported
    pool.on('error', () => undefined);
    // the pool as Kysely sees it, counting the waits for a connection that ran out (pg counts none itself)
    let timeouts = 0;
    const countedPool = {
      connect: () =>
        pool.connect().catch((error: unknown) => {
          if (error instanceof Error && /timeout/i.test(error.message)) timeouts += 1;
          throw error;
        }),
      end: () => pool.end(),
    };
    const db = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: countedPool }),
      ...(log ? { log } : {}),
    });
    const notifications = postgresNotifications({
      connectionString: options.listenUrl ?? options.databaseUrl,
      connectionTimeoutMs: options.connectionTimeoutMs ?? 5_000,
      ...(options.onPoolError ? { onError: options.onPoolError } : {}),
    });
    return {
      db,
      kind: 'postgres',
      pool,
      notifications,
      stats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        timeouts,
      }),
      close: async () => {
        await notifications.close();
        await db.destroy();
      },
    };
  }

  const dataDir = options.pgliteDataDir ?? '.data/pglite';
  if (!dataDir.startsWith('memory://')) mkdirSync(resolve(dataDir, '..'), { recursive: true });
  // loaded only for the embedded database: a server on PostgreSQL never needs its 10 MB
  const [{ PGlite: PGliteClass, types: pgliteTypes }, { PGliteDialect }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('kysely-pglite-dialect'),
  ]);
  const pglite = await PGliteClass.create({
    dataDir,
    ...(options.pgliteLoadDataDir ? { loadDataDir: options.pgliteLoadDataDir } : {}),
    // PostgreSQL's default 128 MB of shared buffers lives in the WebAssembly memory, and PGlite touches the whole
    // pool as it starts: it is resident from the first second. 8 MB (1,024 pages) holds the working set of a
    // service this size, and a page that is not in it is read from the OS's page cache (PGlite's files); 128 -> 16
    // MB took the server under the page-load mix from ~410 to ~310 MB (bench/results/2026-11-28-vm-observability.md),
    // 16 -> 8 MB leaves 10 MB less resident at start (29 -> 19 MB of PGlite's memory touched; bench/results/
    // 2026-11-29-memory.md)
    postgresqlconf: ['shared_buffers = 8MB'],
    // the same value shapes as the pg parsers above
    parsers: {
      [pgliteTypes.DATE]: (value: string) => value,
      // pg's default: int8 as a string (the generated types say so)
      [pgliteTypes.INT8]: (value: string) => value,
    },
  });
  if (options.statementTimeoutMs) await pglite.exec(`SET statement_timeout = ${options.statementTimeoutMs}`);
  const dialect = boundedDialect(
    new PGliteDialect(pglite),
    options.connectionTimeoutMs
      ? {
          waitTimeoutMs: options.connectionTimeoutMs,
          maxWaiting: options.pgliteMaxWaiting ?? PGLITE_MAX_WAITING,
        }
      : {},
  );
  const db = new Kysely<DB>({ dialect, ...(log ? { log } : {}) });
  return {
    db,
    kind: 'pglite',
    pglite,
    notifications: pgliteNotifications(pglite),
    stats: () => dialect.stats(),
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

/** A cheap round trip, for /healthz. */
export async function pingDb(db: Database): Promise<void> {
  await sql`select 1`.execute(db);
}
