import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The console's members table and its one search box (docs/decisions/161-console-search.md). Members only
// (partial on role), so consultants never show and the indexes stay the members' size:
// - the table pages by (created_at, id) or by (full name, id) in either direction, a range of one index each;
// - the search box reads a prefix of the full name, the last name or the email as a range ("C" collation: LIKE
//   'ada%' is an index range), a phone or contact reference by users_phone_idx / users_contact_reference_key, and a
//   premium payment reference by the index on subscriptions.
// Building them on a million members outlasts the server's 10 s statement timeout: this transaction has none.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    SET LOCAL statement_timeout = 0;
    CREATE INDEX users_member_joined_idx ON users (created_at, id) WHERE role = 'member';
    CREATE INDEX users_member_full_name_idx
      ON users ((lower(first_name || ' ' || last_name) COLLATE "C"), id) WHERE role = 'member';
    CREATE INDEX users_member_last_name_idx
      ON users ((lower(last_name) COLLATE "C"), id) WHERE role = 'member';
    CREATE INDEX users_member_email_idx ON users ((email COLLATE "C")) WHERE role = 'member';
    CREATE INDEX subscriptions_provider_reference_idx ON subscriptions (provider_reference)
      WHERE provider_reference IS NOT NULL;
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    DROP INDEX IF EXISTS users_member_joined_idx;
    DROP INDEX IF EXISTS users_member_full_name_idx;
    DROP INDEX IF EXISTS users_member_last_name_idx;
    DROP INDEX IF EXISTS users_member_email_idx;
    DROP INDEX IF EXISTS subscriptions_provider_reference_idx;
  `,
  );
}
