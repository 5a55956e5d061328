import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../create-db';
import { createTestDb } from '../test/databases';
import { precompiled } from './precompiled';

// A statement built once and run with each call's parameters (PGlite, and PostgreSQL when TEST_DATABASE_URL is set).

describe('precompiled statements', () => {
  let handle: DbHandle;
  const ids: string[] = [];
  beforeAll(async () => {
    handle = await createTestDb();
    for (const first_name of ['Ada', 'Bola', 'Chi']) {
      const row = await handle.db
        .insertInto('users')
        .values({
          first_name,
          email: `precompiled-${first_name.toLowerCase()}@example.test`,
          contact_reference: `PC${first_name.toUpperCase()}`,
          country_code: 'NG',
          date_of_birth: '1991-02-03',
          gender: 'female',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
  });
  afterAll(() => handle.close());

  it('builds once and answers each call with its own parameters', async () => {
    let builds = 0;
    const named = precompiled(['ids', 'prefix'], (db, p) => {
      builds++;
      return db
        .selectFrom('users')
        .select('first_name')
        .where('id', '=', sql<string>`any(${p.ids}::uuid[])`)
        .where('first_name', 'like', p.prefix)
        .orderBy('first_name');
    });
    expect(await named(handle.db, { ids, prefix: '%' })).toEqual([
      { first_name: 'Ada' },
      { first_name: 'Bola' },
      { first_name: 'Chi' },
    ]);
    expect(await named(handle.db, { ids: [ids[2], ids[0]], prefix: 'C%' })).toEqual([{ first_name: 'Chi' }]);
    expect(await named(handle.db, { ids: [], prefix: '%' })).toEqual([]);
    expect(builds).toBe(1);
  });

  it('refuses a parameter written into the text or left unused', async () => {
    const inlined = precompiled(['name'], (db, p) =>
      db.selectFrom('users').select('id').where('first_name', '=', sql.lit(p.name)),
    );
    await expect(inlined(handle.db, { name: 'Ada' })).rejects.toThrow(/written into the SQL text/);
    const unused = precompiled(['name'], (db) => db.selectFrom('users').select('id'));
    await expect(unused(handle.db, { name: 'Ada' })).rejects.toThrow(/parameter name is unused/);
  });
});
