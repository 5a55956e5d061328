import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../create-db';
import { createTestDb } from '../test/databases';
import { findSearchPreferences, listMemberIds, saveSearchPreferences } from './members';

// The members list's name search and the saved search preferences, on the SQL alone (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set). The procedures' view of the same is in packages/api/src/routers/members.

describe('members queries: name search and saved preferences', () => {
  let handle: DbHandle;
  let n = 0;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(() => handle.close());

  async function user(first_name: string, extra: { profile_visibility?: string } = {}) {
    n += 1;
    const row = await handle.db
      .insertInto('users')
      .values({
        first_name,
        email: `members-q-${n}@example.test`,
        contact_reference: `MQ${String(n).padStart(4, '0')}`,
        country_code: 'GH',
        date_of_birth: '1990-05-01',
        gender: 'female',
        ...extra,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const page = { limit: 50, offset: 0 };

  it('finds members by any part of the first name, in any case, and takes % and _ as typed', async () => {
    const viewer = await user('Viewer');
    const adaeze = await user('Adaeze');
    const nkemdirim = await user('Nkemdirim');
    const percent = await user('Per%cent_');
    await user('Adanna', { profile_visibility: 'hidden' });

    const ada = await listMemberIds(handle.db, { viewerId: viewer, nameContains: 'ADA', ...page });
    expect(ada.ids).toEqual([adaeze]);
    expect(ada.total).toBe(1);
    expect(
      (await listMemberIds(handle.db, { viewerId: viewer, nameContains: 'dirim', ...page })).ids,
    ).toEqual([nkemdirim]);
    // no wildcard: '%' matches only a name holding a '%'
    expect((await listMemberIds(handle.db, { viewerId: viewer, nameContains: '%', ...page })).ids).toEqual([
      percent,
    ]);
    expect((await listMemberIds(handle.db, { viewerId: viewer, nameContains: 'a_a', ...page })).ids).toEqual(
      [],
    );
    // a hidden profile stays out of the list whatever the search
    expect(
      (await listMemberIds(handle.db, { viewerId: viewer, nameContains: 'adanna', ...page })).ids,
    ).toEqual([]);
  });

  it('saves one row of preferences per member, written over, and keeps null for a filter left off', async () => {
    const member = await user('Saver');
    expect(await findSearchPreferences(handle.db, member)).toBeUndefined();
    const first = new Date('2026-11-01T10:00:00.000Z');
    await saveSearchPreferences(handle.db, {
      userId: member,
      preferences: {
        community: 'tech-and-product',
        country_code: 'GH',
        gender: 'male',
        min_age: 30,
        max_age: 40,
        verified_only: false,
      },
      now: first,
    });
    const later = new Date('2026-11-02T10:00:00.000Z');
    const saved = await saveSearchPreferences(handle.db, {
      userId: member,
      preferences: {
        community: null,
        country_code: 'NG',
        gender: null,
        min_age: 25,
        max_age: null,
        verified_only: true,
      },
      now: later,
    });
    const read = await findSearchPreferences(handle.db, member);
    expect(read).toMatchObject({
      community: null,
      country_code: 'NG',
      gender: null,
      min_age: 25,
      max_age: null,
      verified_only: true,
    });
    expect(new Date(read!.updated_at).toISOString()).toBe(later.toISOString());
    expect(saved).toMatchObject({ country_code: 'NG', min_age: 25 });
    const rows = await handle.db
      .selectFrom('member_search_preferences')
      .select('user_id')
      .where('user_id', '=', member)
      .execute();
    expect(rows).toHaveLength(1);
    // they go with the account
    await handle.db.deleteFrom('users').where('id', '=', member).execute();
    expect(await findSearchPreferences(handle.db, member)).toBeUndefined();
  });
});
