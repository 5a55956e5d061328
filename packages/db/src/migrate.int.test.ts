import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from './create-db';
import { createTestDb } from './test/databases';

describe('migrations', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(() => handle.close());

  it('creates every table of the domain schema', async () => {
    const tables = await handle.db.introspection.getTables();
    const names = tables.map((t) => t.name).sort();
    expect(names).toEqual(
      expect.arrayContaining([
        'audit_log',
        'communities',
        'community_memberships',
        'faqs',
        'introduction_requests',
        'introductions',
        'password_reset_requests',
        'photos',
        'profile_answers',
        'profile_questions',
        'sessions',
        'subscriptions',
        'suggestion_codes',
        'user_citizenships',
        'user_consents',
        'user_core_values',
        'users',
      ]),
    );
  });

  it('keeps emails lower-cased and dates of birth as calendar days', async () => {
    const insert = (email: string) =>
      handle.db
        .insertInto('users')
        .values({
          email,
          first_name: 'Ada',
          gender: 'female',
          date_of_birth: '1990-02-03',
          country_code: 'GB',
          contact_reference: email.slice(0, 6).toUpperCase(),
        })
        .returning(['id', 'date_of_birth'])
        .executeTakeFirstOrThrow();
    await expect(insert('Ada@Example.com')).rejects.toThrow();
    const row = await insert('ada@example.com');
    expect(row.date_of_birth).toBe('1990-02-03');
  });

  it('serves the admin search from members-only indexes in page order (docs/decisions/090)', async () => {
    const { rows } = await sql<{ indexname: string }>`
      select indexname from pg_indexes where tablename = 'users'`.execute(handle.db);
    expect(rows.map((r) => r.indexname)).toEqual(
      expect.arrayContaining([
        'users_member_dob_idx',
        'users_member_gender_dob_idx',
        'users_member_country_dob_idx',
        'users_member_country_gender_dob_idx',
        'users_member_name_idx',
        'users_phone_idx',
      ]),
    );
    // first-name searches page by (name, date of birth, id) in one direction, index-only (migration 20261123T0000)
    const name = await sql<{ indexdef: string }>`
      select indexdef from pg_indexes where indexname = 'users_member_name_idx'`.execute(handle.db);
    expect(name.rows[0]?.indexdef).toMatch(
      /date_of_birth, id\) INCLUDE \(first_name, gender, country_code\)/,
    );
  });
});
