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

export function boundedDialect(
  inner: Dialect,
  options: { waitTimeoutMs: number; maxWaiting: number },
): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createDriver: () => boundedDriver(inner.createDriver(), options),
  };
}

function boundedDriver(inner: Driver, options: { waitTimeoutMs: number; maxWaiting: number }): Driver {
  let waiting = 0;
  return {
    init: () => inner.init(),
    destroy: () => inner.destroy(),
    releaseConnection: (connection) => inner.releaseConnection(connection),
    beginTransaction: (connection: DatabaseConnection, settings: TransactionSettings) =>
      inner.beginTransaction(connection, settings),
    commitTransaction: (connection) => inner.commitTransaction(connection),
    rollbackTransaction: (connection) => inner.rollbackTransaction(connection),
    async acquireConnection() {
      if (waiting >= options.maxWaiting) {
        throw new DatabaseBusyError('too many requests are waiting for the embedded database');
      }
      waiting += 1;
      const acquiring = inner.acquireConnection();
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), options.waitTimeoutMs);
      });
      try {
        const won = await Promise.race([acquiring, timedOut]);
        if (won !== 'timeout') return won;
        // this request gave up: its place in the line still comes, and is handed straight back
        void acquiring.then((connection) => inner.releaseConnection(connection)).catch(() => undefined);
        throw new DatabaseBusyError('timeout exceeded when waiting for the embedded database');
      } finally {
        clearTimeout(timer);
        waiting -= 1;
      }
    },
  };
}
