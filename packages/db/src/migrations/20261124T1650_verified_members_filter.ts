import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The members list's "Verified members only" filter is saved with the member's other filters
// (20261124T1510_member_search_preferences.ts); off unless they chose it.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `ALTER TABLE member_search_preferences ADD COLUMN verified_only boolean NOT NULL DEFAULT false;`,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(db, `ALTER TABLE member_search_preferences DROP COLUMN IF EXISTS verified_only;`);
}
