import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Deep pages of the consultants' member search (docs/decisions/090-admin-search-at-a-million.md):
// - A first-name search pages by (name, date of birth, id), all ascending, so the keyset "after this row" is one
//   row comparison, (name, date_of_birth, id) > (...), which the index reads as a range from the cursor on. The
//   index of 20261122T1300 mixed directions (name ascending, then youngest first), so its keyset was an OR that
//   read every row of the cursor's first name before the cursor.
// - first_name is INCLUDEd so that every read of a name search (the page by offset or keyset, the capped count)
//   is an index-only scan: PostgreSQL recomputes lower(first_name) from it and never visits the table. The
//   age-range indexes already cover their filters, so a page read by OFFSET skips index entries only.
// Building it on a million members outlasts the server's 10 s statement timeout: this transaction has none.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    SET LOCAL statement_timeout = 0;
    DROP INDEX IF EXISTS users_member_name_idx;
    CREATE INDEX users_member_name_idx
      ON users (status, (lower(first_name) COLLATE "C"), date_of_birth, id)
      INCLUDE (first_name, gender, country_code) WHERE role = 'member';
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    SET LOCAL statement_timeout = 0;
    DROP INDEX IF EXISTS users_member_name_idx;
    CREATE INDEX users_member_name_idx
      ON users (status, (lower(first_name) COLLATE "C"), date_of_birth DESC, id DESC)
      INCLUDE (gender, country_code) WHERE role = 'member';
  `,
  );
}
