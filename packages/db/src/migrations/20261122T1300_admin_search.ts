import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The consultants' console at a million members (docs/decisions/090-admin-search-at-a-million.md). Every search
// of the introduction search reads one of these members-only indexes in the order it pages in, so a page is a
// short index range and never a sort of every match:
// - age range (and status): users_member_dob_idx
// - gender + age: users_member_gender_dob_idx; country + age: users_member_country_dob_idx; both:
//   users_member_country_gender_dob_idx
// - first-name prefix: users_member_name_idx, in "C" collation so that LIKE 'ada%' is an index range and the
//   order of the index is the order of the page
// - phone: users_phone_idx (domain migration)
// The three older users indexes they replace go (each is a prefix of one above without status and role).
// The introductions lists page newest first: one index per list (all, by status, pre-matched only).
// Building them on a million members outlasts the server's 10 s statement timeout: this transaction has none.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    SET LOCAL statement_timeout = 0;
    DROP INDEX IF EXISTS users_gender_dob_idx;
    DROP INDEX IF EXISTS users_country_gender_dob_idx;
    DROP INDEX IF EXISTS users_first_name_idx;
    CREATE INDEX users_member_dob_idx ON users (status, date_of_birth DESC, id DESC)
      INCLUDE (gender, country_code) WHERE role = 'member';
    CREATE INDEX users_member_gender_dob_idx ON users (status, gender, date_of_birth DESC, id DESC)
      WHERE role = 'member';
    CREATE INDEX users_member_country_dob_idx ON users (status, country_code, date_of_birth DESC, id DESC)
      INCLUDE (gender) WHERE role = 'member';
    CREATE INDEX users_member_country_gender_dob_idx
      ON users (status, country_code, gender, date_of_birth DESC, id DESC) WHERE role = 'member';
    CREATE INDEX users_member_name_idx
      ON users (status, (lower(first_name) COLLATE "C"), date_of_birth DESC, id DESC)
      INCLUDE (gender, country_code) WHERE role = 'member';
    CREATE INDEX introductions_created_idx ON introductions (created_at DESC, id DESC);
    CREATE INDEX introductions_status_created_idx ON introductions (status, created_at DESC, id DESC);
    CREATE INDEX introductions_prematched_created_idx ON introductions (created_at DESC, id DESC)
      WHERE contact_id IS NOT NULL;
    CREATE INDEX introduction_requests_introduction_idx ON introduction_requests (introduction_id, created_at);
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    DROP INDEX IF EXISTS introduction_requests_introduction_idx;
    DROP INDEX IF EXISTS introductions_prematched_created_idx;
    DROP INDEX IF EXISTS introductions_status_created_idx;
    DROP INDEX IF EXISTS introductions_created_idx;
    DROP INDEX IF EXISTS users_member_name_idx;
    DROP INDEX IF EXISTS users_member_country_gender_dob_idx;
    DROP INDEX IF EXISTS users_member_country_dob_idx;
    DROP INDEX IF EXISTS users_member_gender_dob_idx;
    DROP INDEX IF EXISTS users_member_dob_idx;
    CREATE INDEX users_gender_dob_idx ON users (gender, date_of_birth);
    CREATE INDEX users_country_gender_dob_idx ON users (country_code, gender, date_of_birth);
    CREATE INDEX users_first_name_idx ON users (lower(first_name) text_pattern_ops);
  `,
  );
}
