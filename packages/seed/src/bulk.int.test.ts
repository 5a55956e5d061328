// The COPY writer on a real PostgreSQL (the postgres project, TEST_DATABASE_URL): the same rows as the INSERT writer, and a fresh
// database ends with exactly the indexes and constraints its migrations made.
import type { DbHandle } from '@rhema/db';
import { createTestDb, testDbKind } from '@rhema/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_TABLES, copyWriter, finishDeferredIndexes } from './bulk';
import { seedDemo } from './demo';
import type { SeedDemoResult } from './demo-batch';

const PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$c2VlZHNlZWRzZWVk$0000000000000000000000000000000000000000000';

async function schemaOf(handle: DbHandle): Promise<string[]> {
  const { rows } = await sql<{ def: string }>`
    SELECT indexdef AS def FROM pg_indexes WHERE schemaname = 'public'
    UNION ALL
    SELECT conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) || ' ' || convalidated
      FROM pg_constraint WHERE connamespace = 'public'::regnamespace
    ORDER BY 1`.execute(handle.db);
  return rows.map((r) => r.def);
}

/** Every bulk table's rows as one digest, leaving out the columns whose defaults differ per database (random ids,
 * the time of insert). */
async function digests(handle: DbHandle): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of BULK_TABLES) {
    const { rows: columns } = await sql<{ name: string }>`
      SELECT column_name AS name FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name = ${table}
         AND coalesce(column_default, '') NOT LIKE '%gen_random_uuid()%'
         AND coalesce(column_default, '') NOT LIKE '%now()%'
       ORDER BY ordinal_position`.execute(handle.db);
    // communities get random ids per database: their members are compared by the community's slug
    const source =
      table === 'community_memberships'
        ? sql`SELECT c.slug, m.user_id, m.joined_at FROM community_memberships m JOIN communities c ON c.id = m.community_id`
        : sql`SELECT ${sql.join(columns.map((c) => sql.ref(c.name)))} FROM ${sql.table(table)}`;
    const { rows } = await sql<{ digest: string }>`
      SELECT md5(coalesce(string_agg(r::text, '|' ORDER BY r::text), '')) AS digest FROM (${source}) r`.execute(
      handle.db,
    );
    out[table] = rows[0]?.digest ?? '';
  }
  return out;
}

async function counts(handle: DbHandle): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of BULK_TABLES) {
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(
      handle.db,
    );
    out[table] = Number(rows[0]?.n);
  }
  return out;
}

const NOW = new Date('2026-11-01T12:00:00Z');

describe.skipIf(testDbKind() !== 'postgres')('copyWriter on PostgreSQL', () => {
  let copied: DbHandle;
  let inserted: DbHandle;
  let result: SeedDemoResult;
  let indexes: number;

  beforeAll(async () => {
    [copied, inserted] = await Promise.all([createTestDb(), createTestDb()]);
    const pool = copied.pool;
    if (!pool) throw new Error('a PostgreSQL handle has its pool');
    // the CLI's path (COPY, members made in worker threads) against the plain one (INSERTs, in this thread)
    result = await seedDemo(copied.db, {
      members: 150,
      passwordHash: PASSWORD_HASH,
      batchSize: 40,
      now: NOW,
      workers: 2,
      writer: await copyWriter(pool, BULK_TABLES, { onIndexes: (count) => (indexes = count) }),
    });
    await seedDemo(inserted.db, { members: 150, passwordHash: PASSWORD_HASH, batchSize: 40, now: NOW });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([copied?.close(), inserted?.close()]);
  });

  it('writes the same rows as multi-row INSERTs', async () => {
    expect(await digests(copied)).toEqual(await digests(inserted));
    const [a, b] = await Promise.all([counts(copied), counts(inserted)]);
    expect(a).toEqual(b);
    expect(a.users).toBe(result.users);
    expect(a.profile_answers).toBe(result.profileAnswers);
    const people = (handle: DbHandle) =>
      handle.db
        .selectFrom('users')
        .select(['id', 'email', 'first_name', 'date_of_birth', 'phone', 'contact_reference', 'handle'])
        .orderBy('id')
        .execute();
    expect(await people(copied)).toEqual(await people(inserted));
    // the owner's filter fields are filled by the introductions trigger under COPY too
    const owners = (handle: DbHandle) =>
      handle.db
        .selectFrom('introductions')
        .innerJoin('users', 'users.id', 'introductions.owner_id')
        .select([
          'users.email',
          'introductions.owner_gender',
          'introductions.owner_country_code',
          'introductions.owner_date_of_birth',
          'introductions.owner_name_key',
        ])
        .orderBy('users.email')
        .execute();
    const copiedOwners = await owners(copied);
    expect(copiedOwners.length).toBeGreaterThan(0);
    expect(copiedOwners.every((row) => row.owner_gender && row.owner_name_key)).toBe(true);
    expect(copiedOwners).toEqual(await owners(inserted));
  });

  it('rebuilds every index and constraint it put off, validated, and leaves nothing pending', async () => {
    expect(indexes).toBeGreaterThan(20);
    expect(await schemaOf(copied)).toEqual(await schemaOf(inserted));
    const { rows } = await sql<{
      pending: string | null;
    }>`SELECT to_regclass('seed_deferred_ddl') AS pending`.execute(copied.db);
    expect(rows[0]?.pending).toBeNull();
    const pool = copied.pool;
    if (!pool) throw new Error('a PostgreSQL handle has its pool');
    expect(await finishDeferredIndexes(pool)).toBe(0);
  });

  it('keeps the indexes of tables that already hold rows (loads into them as they are)', async () => {
    const pool = copied.pool;
    if (!pool) throw new Error('a PostgreSQL handle has its pool');
    const before = await schemaOf(copied);
    let rebuilt = -1;
    const writer = await copyWriter(pool, BULK_TABLES, { onIndexes: (count) => (rebuilt = count) });
    await writer.write([['user_citizenships', [{ user_id: await firstUserId(copied), country_code: 'ZW' }]]]);
    await writer.finish();
    expect(rebuilt).toBe(-1);
    expect(await schemaOf(copied)).toEqual(before);
  });
});

async function firstUserId(handle: DbHandle): Promise<string> {
  const row = await handle.db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
  return row.id;
}
