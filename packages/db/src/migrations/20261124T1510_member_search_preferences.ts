import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The filters a member last chose on the members list, so a later visit opens with them. One row per member,
// written over on every save; it goes with the account (erasing a member deletes the user row).
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE member_search_preferences (
      user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      community text,
      country_code text,
      gender text,
      min_age integer,
      max_age integer,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(db, `DROP TABLE IF EXISTS member_search_preferences;`);
}
