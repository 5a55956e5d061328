import { adminIntroductionQueries } from '@rhema/db';
import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { seedIntroduction, seedUser } from '@rhema/seed';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberSearchFilters, type MemberSearchInput } from './find-members';
import { listIntroductions } from './list-introductions';
import { ADMIN_PAGE_SIZE } from '../paging';

// The introduction lists filtered by their owner read the owner's fields copied onto the introduction (migration
// 20261123T1100_introduction_owner_fields, docs/decisions/091). Held here to a straightforward
// reference query (introductions joined to their owner, the filters on the owner's own columns, the age worked out
// by PostgreSQL's age()) over mixed data: every page by page number, and walked by keyset forward and backward,
// for every filter mix on both lists and by introduction status; then the owners change (renamed, moved country,
// other gender and date of birth, another owner) and the lists follow.

const NOW = new Date('2026-03-02T09:00:00.000Z');
const TODAY = '2026-03-02';
const NAMES = ['Ada', 'ADAEZE', 'Adanna', 'Chidi', 'chika', 'Chidinma', 'Bola', 'Ngozi'];
const BIRTH_DATES = [
  '1990-05-01',
  '1994-11-30',
  '1998-02-14',
  '2001-07-07',
  '1975-01-01',
  '1986-03-02',
  '1962-12-31',
];
const COUNTRIES = ['GB', 'NG', 'GB', 'US'];
const STATUSES = ['open', 'requested', 'accepted', 'rejected', 'open'] as const;

type ListInput = Omit<MemberSearchInput, 'status'>;

describe('introduction lists by owner: the same pages as a reference query, and triggers keep them', () => {
  let handle: DbHandle;
  let staffId = '';
  const owners: { id: string; phone: string }[] = [];

  beforeAll(async () => {
    handle = await createTestDb();
    for (let n = 0; n < 48; n++) {
      const phone = `+4477008${String(n).padStart(5, '0')}`;
      const user = await seedUser(handle.db, {
        first_name: NAMES[n % NAMES.length]!,
        date_of_birth: BIRTH_DATES[(n * 5) % BIRTH_DATES.length]!,
        gender: n % 3 === 0 ? 'male' : 'female',
        country_code: COUNTRIES[n % COUNTRIES.length]!,
        status: n % 11 === 10 ? 'suspended' : 'active',
        email: `owner-list-${n}@example.test`,
        phone,
      });
      owners.push({ id: user.id, phone });
    }
    const consultant = await seedUser(handle.db, { role: 'consultant', first_name: 'Ada' });
    staffId = consultant.id;
    // 150 introductions, two or three per owner, created in bursts of the same microsecond (ties of created_at)
    for (let n = 0; n < 150; n++) {
      const owner = owners[(n * 7) % owners.length]!;
      const contact = owners[(n * 7 + 1) % owners.length]!;
      await seedIntroduction(handle.db, {
        owner_id: owner.id,
        contact_id: n % 3 === 0 ? null : contact.id,
        created_by: consultant.id,
        status: STATUSES[n % STATUSES.length]!,
        created_at: new Date(Date.UTC(2026, 1, 1 + Math.floor(n / 4), 10, 0, 0, 0)),
      });
    }
  });
  afterAll(() => handle.close());

  /** The reference: introductions joined to their owner, the owner's own columns filtered, newest first. */
  async function reference(input: ListInput, prematched: boolean, status?: string): Promise<string[]> {
    const conditions = [sql<boolean>`true`];
    if (prematched) conditions.push(sql`i.contact_id is not null`);
    if (status) conditions.push(sql`i.status = ${status}`);
    if (input.phone) {
      conditions.push(sql`u.phone = ${input.phone.startsWith('+') ? input.phone : `+${input.phone}`}`);
    } else {
      const age = sql`extract(year from age(${TODAY}::date, u.date_of_birth))`;
      if (input.gender) conditions.push(sql`u.gender = ${input.gender}`);
      if (input.my_country_only && input.country_code)
        conditions.push(sql`u.country_code = ${input.country_code}`);
      if (input.min_age !== undefined) conditions.push(sql`${age} >= ${input.min_age}`);
      if (input.max_age !== undefined) conditions.push(sql`${age} <= ${input.max_age}`);
      if (input.first_name) {
        conditions.push(sql`starts_with(lower(u.first_name), ${input.first_name.trim().toLowerCase()})`);
      }
    }
    const result = await sql<{ id: string }>`
      select i.id from introductions i join users u on u.id = i.owner_id
      where ${sql.join(conditions, sql` and `)}
      order by i.created_at desc, i.id desc`.execute(handle.db);
    return result.rows.map((row) => row.id);
  }

  /** Every page of a list by page number, by keyset forward and backward: each equal to the reference's slice. */
  async function expectSamePages(input: ListInput, prematched: boolean, status?: string) {
    const all = await reference(input, prematched, status);
    const { status: _ownerStatus, ...owner } = memberSearchFilters(input, NOW);
    void _ownerStatus;
    const filters: adminIntroductionQueries.IntroductionListFilters = { prematched, status, owner };
    const pageCount = Math.max(1, Math.ceil(all.length / ADMIN_PAGE_SIZE));
    const want = (page: number) => all.slice((page - 1) * ADMIN_PAGE_SIZE, page * ADMIN_PAGE_SIZE);
    const read = async (position: adminIntroductionQueries.IntroductionListPosition) =>
      (
        await adminIntroductionQueries.findIntroductionCardPage(handle.db, filters, position, ADMIN_PAGE_SIZE)
      ).map((row) => ({ id: row.id, key: { createdAt: row.created_key, id: row.id } }));
    const label = JSON.stringify({ input, prematched, status });

    expect(await adminIntroductionQueries.countIntroductionsUpTo(handle.db, filters, 1000), label).toBe(
      all.length,
    );
    const byNumber = [];
    for (let page = 1; page <= pageCount; page++) {
      const rows = await read({ kind: 'offset', offset: (page - 1) * ADMIN_PAGE_SIZE });
      expect(
        rows.map((row) => row.id),
        `${label} page ${page} by number`,
      ).toEqual(want(page));
      byNumber.push(rows);
    }
    let rows = byNumber[0]!;
    for (let page = 2; page <= pageCount; page++) {
      rows = await read({ kind: 'after', key: rows.at(-1)!.key });
      expect(
        rows.map((row) => row.id),
        `${label} page ${page} by keyset forward`,
      ).toEqual(want(page));
    }
    for (let page = pageCount - 1; page >= 1; page--) {
      rows = await read({ kind: 'before', key: rows[0]!.key });
      expect(
        rows.map((row) => row.id),
        `${label} page ${page} by keyset backward`,
      ).toEqual(want(page));
    }
    return all;
  }

  const mixes: { label: string; input: ListInput }[] = [
    { label: 'no owner filter', input: {} },
    { label: 'age range', input: { min_age: 24, max_age: 36 } },
    { label: 'age range, ends on a birthday', input: { min_age: 40, max_age: 63 } },
    { label: 'gender', input: { gender: 'female' } },
    { label: 'country (my country only)', input: { my_country_only: true, country_code: 'GB' } },
    { label: 'country not applied without my_country_only', input: { country_code: 'US' } },
    {
      label: 'gender, country and age',
      input: { gender: 'female', my_country_only: true, country_code: 'GB', min_age: 22, max_age: 40 },
    },
    { label: 'first-name prefix, any case', input: { first_name: 'ADA' } },
    { label: 'first-name prefix and age range', input: { first_name: 'chi', min_age: 24, max_age: 60 } },
    {
      label: 'first-name prefix, gender and country',
      input: { first_name: 'a', gender: 'female', my_country_only: true, country_code: 'NG' },
    },
    { label: 'a first name nobody has', input: { first_name: 'zz' } },
    {
      label: 'phone overrides the other filters',
      input: { phone: '+447700800007', gender: 'male', first_name: 'zz' },
    },
  ];

  for (const { label, input } of mixes) {
    it(`pages like the reference: ${label}`, async () => {
      const everything = await expectSamePages(input, false);
      if (label !== 'a first name nobody has') expect(everything.length).toBeGreaterThan(0);
      await expectSamePages(input, true);
      await expectSamePages(input, false, 'open');
      await expectSamePages(input, true, 'requested');
    });
  }

  it('the broad mixes cross page edges (more than one page)', async () => {
    expect((await reference({}, false)).length).toBeGreaterThan(3 * ADMIN_PAGE_SIZE);
    expect((await reference({ gender: 'female' }, false)).length).toBeGreaterThan(2 * ADMIN_PAGE_SIZE);
    expect((await reference({ first_name: 'ada' }, false)).length).toBeGreaterThan(ADMIN_PAGE_SIZE);
  });

  it('copies the owner fields on insert and keeps them on a direct write', async () => {
    const owner = await seedUser(handle.db, {
      first_name: 'Zainab',
      gender: 'female',
      date_of_birth: '1993-06-15',
      country_code: 'GH',
      email: 'owner-list-zainab@example.test',
    });
    const intro = await seedIntroduction(handle.db, { owner_id: owner.id, created_by: staffId });
    const copied = () =>
      handle.db
        .selectFrom('introductions')
        .select(['owner_gender', 'owner_country_code', 'owner_date_of_birth', 'owner_name_key'])
        .where('id', '=', intro.id)
        .executeTakeFirstOrThrow();
    expect(await copied()).toEqual({
      owner_gender: 'female',
      owner_country_code: 'GH',
      owner_date_of_birth: '1993-06-15',
      owner_name_key: 'zainab',
    });
    // a write to the copies is read back from the owner
    await handle.db
      .updateTable('introductions')
      .set({ owner_gender: 'male', owner_country_code: 'US', owner_name_key: 'bob' })
      .where('id', '=', intro.id)
      .execute();
    expect(await copied()).toMatchObject({
      owner_gender: 'female',
      owner_country_code: 'GH',
      owner_name_key: 'zainab',
    });
    // another owner: the copies are the new owner's
    const other = await seedUser(handle.db, {
      first_name: 'Kwame',
      gender: 'male',
      date_of_birth: '1980-01-20',
      country_code: 'CA',
      email: 'owner-list-kwame@example.test',
    });
    await handle.db
      .updateTable('introductions')
      .set({ owner_id: other.id })
      .where('id', '=', intro.id)
      .execute();
    expect(await copied()).toEqual({
      owner_gender: 'male',
      owner_country_code: 'CA',
      owner_date_of_birth: '1980-01-20',
      owner_name_key: 'kwame',
    });
  });

  it('follows an owner who is renamed, moves country, changes gender and date of birth', async () => {
    const owner = owners[1]!; // 'ADAEZE', female, NG, born 1986-03-02
    const mine = (
      await handle.db.selectFrom('introductions').select('id').where('owner_id', '=', owner.id).execute()
    ).map((row) => row.id);
    expect(mine.length).toBeGreaterThan(0);
    const list = async (input: ListInput) =>
      (
        await listIntroductions({
          db: handle.db,
          now: NOW,
          viewer: { kind: 'staff', userId: staffId },
          prematched: false,
          input,
        })
      ).data.map((card) => card._id);
    const change = (values: {
      first_name?: string;
      country_code?: string;
      gender?: string;
      date_of_birth?: string;
    }) => handle.db.updateTable('users').set(values).where('id', '=', owner.id).execute();
    const mixesAfter: ListInput[] = [
      { first_name: 'Temi' },
      { first_name: 'adaeze' },
      { my_country_only: true, country_code: 'US' },
      { my_country_only: true, country_code: 'NG' },
      { gender: 'male' },
      { min_age: 18, max_age: 21 },
    ];

    expect(await list({ first_name: 'Temi' })).toEqual([]);
    // each column alone: the list follows at once (one page each, so membership is the whole answer)
    await change({ first_name: 'Temitope' });
    expect(new Set(await list({ first_name: 'Temi' }))).toEqual(new Set(mine));
    for (const id of mine) expect(await list({ first_name: 'adaeze' })).not.toContain(id);

    await change({ country_code: 'US' });
    const inUS = await expectSamePages({ my_country_only: true, country_code: 'US' }, false);
    for (const id of mine) expect(inUS).toContain(id);

    await change({ gender: 'male' });
    const men = await expectSamePages({ gender: 'male' }, false);
    for (const id of mine) expect(men).toContain(id);

    await change({ date_of_birth: '2006-01-10' });
    for (const id of mine) expect(await list({ min_age: 18, max_age: 21 })).toContain(id);

    // and every page of every mix is still the reference's
    for (const input of mixesAfter) await expectSamePages(input, false);
    for (const { input } of mixes) await expectSamePages(input, false);
  });
});
