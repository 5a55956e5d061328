import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Rate-limit windows shared by every server instance (docs/security.md targets 2 and 5): one row per counted event,
// counted over a sliding window. Keys never hold an email in clear (they hold its SHA-256).
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE rate_limit_hits (
      id bigserial PRIMARY KEY,
      key text NOT NULL,
      hit_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX rate_limit_hits_key_idx ON rate_limit_hits (key, hit_at);
    CREATE INDEX rate_limit_hits_hit_at_idx ON rate_limit_hits (hit_at);
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(db, `DROP TABLE IF EXISTS rate_limit_hits;`);
}
