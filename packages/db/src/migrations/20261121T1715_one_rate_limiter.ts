import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// One rate limiter (docs/decisions/040): the public lookup and the training signup now count in rate_limit_hits
// (or Redis) like the account limits, so the per-IP fixed-window counters of 20261121T1500 go. Their rows are
// short-lived windows: nothing to carry over.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(db, `DROP TABLE IF EXISTS ip_rate_limits;`);
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE ip_rate_limits (
      bucket text NOT NULL,
      client_key text NOT NULL,
      window_start timestamptz NOT NULL,
      hits integer NOT NULL,
      PRIMARY KEY (bucket, client_key)
    );
    CREATE INDEX ip_rate_limits_window_idx ON ip_rate_limits (window_start);
  `,
  );
}
