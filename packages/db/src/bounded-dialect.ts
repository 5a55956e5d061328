import type { DatabaseConnection, Dialect, Driver, TransactionSettings } from 'kysely';

// The embedded PGlite is one connection: its dialect lines every query up behind the one in flight, without end,
// so under load a request waited as long as the line was (300 clients: 6 s at p99) and nothing told clients to back
// off. A bounded line sheds load as the PostgreSQL pool does: a request waits at most `waitTimeoutMs` for the
// connection, at most `maxWaiting` wait at once, and the rest fail at once with DatabaseBusyError, which the API
// answers as 503 with Retry-After.

/** PGlite requests waiting for the connection when the server sets no number. */
export const PGLITE_MAX_WAITING = 64;

/** The connection was not free in time, or too many requests wait for it: SQLSTATE 53300, too_many_connections. */
export class DatabaseBusyError extends Error {
  readonly code = '53300';
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseBusyError';
  }
}

/** The connection pool as its operators see it (the gauges of /metrics): PostgreSQL's pool or PGlite's line. */
export interface PoolStats {
  /** connections open (PGlite: its one) */
  total: number;
  /** of those, free now */
  idle: number;
  /** requests waiting for a connection */
  waiting: number;
  /** requests that gave up waiting (or were refused at once past the line's length) since start */
  timeouts: number;
}

interface BoundedOptions {
  /** unset: a request waits as long as the line is (tests) */
  waitTimeoutMs?: number | undefined;
  /** unset: no bound on the line */
  maxWaiting?: number | undefined;
}

/** The PGlite dialect with its line bounded (options set) and counted (always: `stats`). */
export function boundedDialect(inner: Dialect, options: BoundedOptions): Dialect & { stats(): PoolStats } {
  let driver: ReturnType<typeof boundedDriver> | null = null;
  return {
    createAdapter: () => inner.createAdapter(),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createDriver: () => (driver = boundedDriver(inner.createDriver(), options)),
    stats: () => driver?.stats() ?? { total: 1, idle: 1, waiting: 0, timeouts: 0 },
  };
}

function boundedDriver(inner: Driver, options: BoundedOptions): Driver & { stats(): PoolStats } {
  let waiting = 0;
  let inUse = 0;
  let timeouts = 0;
  return {
    stats: () => ({ total: 1, idle: inUse > 0 ? 0 : 1, waiting, timeouts }),
    init: () => inner.init(),
    destroy: () => inner.destroy(),
    releaseConnection: (connection) => {
      inUse -= 1;
      return inner.releaseConnection(connection);
    },
    beginTransaction: (connection: DatabaseConnection, settings: TransactionSettings) =>
      inner.beginTransaction(connection, settings),
    commitTransaction: (connection) => inner.commitTransaction(connection),
    rollbackTransaction: (connection) => inner.rollbackTransaction(connection),
    async acquireConnection() {
      if (options.maxWaiting !== undefined && waiting >= options.maxWaiting) {
        timeouts += 1;
        throw new DatabaseBusyError('too many requests are waiting for the embedded database');
      }
      waiting += 1;
      const acquiring = inner.acquireConnection();
      let timer: NodeJS.Timeout | undefined;
      const waitTimeoutMs = options.waitTimeoutMs;
      const timedOut =
        waitTimeoutMs === undefined
          ? null
          : new Promise<'timeout'>((resolve) => {
              timer = setTimeout(() => resolve('timeout'), waitTimeoutMs);
            });
      try {
        const won = timedOut ? await Promise.race([acquiring, timedOut]) : await acquiring;
        if (won !== 'timeout') {
          inUse += 1;
          return won;
        }
        // this request gave up: its place in the line still comes, and is handed straight back
        void acquiring.then((connection) => inner.releaseConnection(connection)).catch(() => undefined);
        timeouts += 1;
        throw new DatabaseBusyError('timeout exceeded when waiting for the embedded database');
      } finally {
        clearTimeout(timer);
        waiting -= 1;
      }
    },
  };
}
