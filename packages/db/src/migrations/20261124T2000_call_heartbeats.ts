import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// A call under way whose two pages closed without hanging up (a closed tab, a lost phone) stayed 'active' for
// ever: the thread showed "Video call" without a length. Each party's page now says it is still there every few
// seconds (calls.heartbeat, CALL_HEARTBEAT_MS in packages/schemas/src/social-limits.ts); a call neither has spoken for
// since CALL_SILENT_AFTER_MS is ended at the last sign of life when it is next read (closeStaleCalls in
// packages/db/src/queries/calls.ts). The open calls are few: a partial index keeps that sweep off the rest.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE calls ADD COLUMN caller_seen_at timestamptz;
    ALTER TABLE calls ADD COLUMN callee_seen_at timestamptz;
    CREATE INDEX calls_open_idx ON calls (created_at) WHERE status IN ('ringing', 'active')
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    DROP INDEX IF EXISTS calls_open_idx;
    ALTER TABLE calls DROP COLUMN IF EXISTS callee_seen_at;
    ALTER TABLE calls DROP COLUMN IF EXISTS caller_seen_at
  `,
  );
}
