import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The introduction lists filtered by their owner (GET admin/user-introductions/introduction/list and
// .../pre/matched with gender, min_age, max_age, name, country_code;
// docs/decisions/091-owner-filter-fields-on-introductions.md). The lists page newest first, but the filters
// are the owner's: checking the owner row of every introduction passed cost a lookup per introduction, up to
// seconds for a rare first name (bench/results/2026-11-23-admin-search-1m.md).
// - The owner's filter fields are copied onto the introduction (owner_gender, owner_country_code,
//   owner_date_of_birth, owner_name_key = lower(first_name) in the "C" collation, as users_member_name_idx) and kept
//   by triggers: on introductions before every insert and every change of owner_id or of a copied column (read from
//   users, so a write cannot set them to anything else), and on users after a change of first name, gender,
//   country or date of birth (the owner's introductions follow). They are nullable only so that the generated
//   Insertable type does not ask writers for them; the trigger fills them on every row (owner_id is NOT NULL and
//   references users).
// - Indexes in page order (created_at DESC, id DESC), led by the equality filters (gender; country; country and
//   gender; the introduction's status; pre-matched only), carrying the other filter columns so that every read is
//   an index-only scan that filters index entries and never visits the table. A first-name prefix reads its range
//   of introductions_owner_name_idx and sorts the few matches. The three list indexes of 20261122T1300 are rebuilt
//   with the owner columns.
// Functions are created one statement per query (PGlite's extended protocol). Backfilling and indexing 200,000
// introductions outlasts the server's 10 s statement timeout: this transaction has none. The indexes built here,
// after the backfill in the same transaction, also hold the rows' old versions: on a large table, REINDEX TABLE
// introductions afterwards halves them (decision 091).
const OWNER_FILTERS = 'owner_gender, owner_country_code, owner_date_of_birth, owner_name_key';

export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    SET LOCAL statement_timeout = 0;
    DROP INDEX IF EXISTS introductions_created_idx;
    DROP INDEX IF EXISTS introductions_status_created_idx;
    DROP INDEX IF EXISTS introductions_prematched_created_idx;
    ALTER TABLE introductions
      ADD COLUMN owner_gender text,
      ADD COLUMN owner_country_code char(2),
      ADD COLUMN owner_date_of_birth date,
      ADD COLUMN owner_name_key text COLLATE "C";
    UPDATE introductions i
       SET owner_gender = u.gender, owner_country_code = u.country_code, owner_date_of_birth = u.date_of_birth,
           owner_name_key = lower(u.first_name)
      FROM users u WHERE u.id = i.owner_id;
  `,
  );
  await sql
    .raw(
      `CREATE FUNCTION introduction_owner_fields() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        SELECT u.gender, u.country_code, u.date_of_birth, lower(u.first_name)
          INTO NEW.owner_gender, NEW.owner_country_code, NEW.owner_date_of_birth, NEW.owner_name_key
          FROM users u WHERE u.id = NEW.owner_id;
        RETURN NEW;
      END $$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER introductions_owner_fields
      BEFORE INSERT OR UPDATE OF owner_id, owner_gender, owner_country_code, owner_date_of_birth, owner_name_key
      ON introductions FOR EACH ROW EXECUTE FUNCTION introduction_owner_fields()`,
    )
    .execute(db);
  // the owner's introductions follow the owner (the trigger above reads the same values back from users)
  await sql
    .raw(
      `CREATE FUNCTION users_introduction_owner_fields() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE introductions
           SET owner_gender = NEW.gender, owner_country_code = NEW.country_code,
               owner_date_of_birth = NEW.date_of_birth, owner_name_key = lower(NEW.first_name)
         WHERE owner_id = NEW.id;
        RETURN NULL;
      END $$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER users_introduction_owner_fields
      AFTER UPDATE OF first_name, gender, country_code, date_of_birth ON users FOR EACH ROW
      WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.gender IS DISTINCT FROM NEW.gender
        OR OLD.country_code IS DISTINCT FROM NEW.country_code OR OLD.date_of_birth IS DISTINCT FROM NEW.date_of_birth)
      EXECUTE FUNCTION users_introduction_owner_fields()`,
    )
    .execute(db);
  await runStatements(
    db,
    `
    SET LOCAL statement_timeout = 0;
    CREATE INDEX introductions_created_idx ON introductions (created_at DESC, id DESC) INCLUDE (${OWNER_FILTERS});
    CREATE INDEX introductions_status_created_idx ON introductions (status, created_at DESC, id DESC)
      INCLUDE (${OWNER_FILTERS});
    CREATE INDEX introductions_prematched_created_idx ON introductions (created_at DESC, id DESC)
      INCLUDE (${OWNER_FILTERS}) WHERE contact_id IS NOT NULL;
    CREATE INDEX introductions_owner_gender_created_idx ON introductions (owner_gender, created_at DESC, id DESC)
      INCLUDE (owner_date_of_birth, status, contact_id);
    CREATE INDEX introductions_owner_country_created_idx
      ON introductions (owner_country_code, created_at DESC, id DESC)
      INCLUDE (owner_gender, owner_date_of_birth, status, contact_id);
    CREATE INDEX introductions_owner_country_gender_created_idx
      ON introductions (owner_country_code, owner_gender, created_at DESC, id DESC)
      INCLUDE (owner_date_of_birth, status, contact_id);
    CREATE INDEX introductions_owner_name_idx ON introductions (owner_name_key, created_at DESC, id DESC)
      INCLUDE (${OWNER_FILTERS}, status, contact_id);
    ANALYZE introductions;
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    SET LOCAL statement_timeout = 0;
    DROP TRIGGER IF EXISTS users_introduction_owner_fields ON users;
    DROP FUNCTION IF EXISTS users_introduction_owner_fields();
    DROP TRIGGER IF EXISTS introductions_owner_fields ON introductions;
    DROP FUNCTION IF EXISTS introduction_owner_fields();
    DROP INDEX IF EXISTS introductions_owner_name_idx;
    DROP INDEX IF EXISTS introductions_owner_country_gender_created_idx;
    DROP INDEX IF EXISTS introductions_owner_country_created_idx;
    DROP INDEX IF EXISTS introductions_owner_gender_created_idx;
    DROP INDEX IF EXISTS introductions_prematched_created_idx;
    DROP INDEX IF EXISTS introductions_status_created_idx;
    DROP INDEX IF EXISTS introductions_created_idx;
    ALTER TABLE introductions
      DROP COLUMN owner_name_key,
      DROP COLUMN owner_date_of_birth,
      DROP COLUMN owner_country_code,
      DROP COLUMN owner_gender;
    CREATE INDEX introductions_created_idx ON introductions (created_at DESC, id DESC);
    CREATE INDEX introductions_status_created_idx ON introductions (status, created_at DESC, id DESC);
    CREATE INDEX introductions_prematched_created_idx ON introductions (created_at DESC, id DESC)
      WHERE contact_id IS NOT NULL;
  `,
  );
}
