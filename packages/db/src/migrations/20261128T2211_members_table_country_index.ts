import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The console's members table filtered by country (and gender), newest first: its capped count read ~2,000 entries
// of an index led by the account's status to find 1,001 matches, 20-50 ms at 1,000,000 members on a busy machine
// (bench/results/2026-11-28-console-pages-1m.md). Led by the country and gender it filters on, with the join date it
// sorts by, the count and the page are each one short range.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `CREATE INDEX users_member_country_gender_joined_idx ON users (country_code, gender, created_at, id)
      WHERE role = 'member'`,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(db, `DROP INDEX IF EXISTS users_member_country_gender_joined_idx`);
}
