import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { seedIntroduction } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, rejection } from '../../test/harness';

// The console's members table (every member once, filtered, by joined date or name, keyset pages) and its one
// search box (a member by name, email, phone, contact reference or payment reference), staff only.
describe('console members table and search', () => {
  let handle: DbHandle;
  let h: ReturnType<typeof createHarness>;
  let staff: Awaited<ReturnType<ReturnType<typeof createHarness>['as']>>;
  // 25 members of Germany (the filter pins them), joined a day apart: Member 00 first; names in reverse join order
  const germans: { id: string; email: string; contact_reference: string; name: string }[] = [];

  beforeAll(async () => {
    handle = await createTestDb();
    h = createHarness(handle.db);
    staff = await h.as('consultant', { first_name: 'Consuela' });
    for (let i = 0; i < 25; i++) {
      const name = `Zed${String.fromCharCode(122 - i)}`;
      const user = await h.user({
        first_name: name,
        last_name: `Tableton${i}`,
        country_code: 'DE',
        gender: i % 2 ? 'male' : 'female',
        age: 25 + i,
        status: i === 3 ? 'suspended' : 'active',
        created_at: new Date(Date.UTC(2026, 0, 1 + i, 10)),
      });
      germans.push({ ...user, name });
    }
  }, 180_000);
  afterAll(() => handle.close());

  const table = (input: Parameters<typeof staff.caller.admin.membersTable>[0] = {}) =>
    staff.caller.admin.membersTable({ country_code: 'DE', ...input });

  describe('members table', () => {
    it('lists each member once, with or without introductions, and counts them', async () => {
      const owner = germans[24]!;
      for (let n = 0; n < 2; n++) {
        await seedIntroduction(handle.db, { owner_id: owner.id, created_by: staff.user.id, is_active: true });
      }
      const page = await table();
      expect(page.paginator.total).toBe(25);
      expect(page.data).toHaveLength(20);
      expect(page.data.filter((row) => row._id === owner.id)).toHaveLength(1);
      expect(page.data[0]).toMatchObject({ _id: owner.id, introductions: 2, last_name: 'Tableton24' });
      expect(page.data[1]).toMatchObject({ _id: germans[23]!.id, introductions: 0 });
    });

    it('sorts by joined date either way and by name, paging by keyset as by number', async () => {
      const newest = (await table()).data.map((row) => row._id);
      expect(newest).toEqual(
        germans
          .slice(5)
          .reverse()
          .map((m) => m.id),
      );
      const oldest = await table({ sort: 'joined', dir: 'asc' });
      expect(oldest.data.map((row) => row._id)).toEqual(germans.slice(0, 20).map((m) => m.id));
      const byName = await table({ sort: 'name' });
      // the names run backwards from the join order: Zedz joined first
      expect(byName.data.map((row) => row.first_name)).toEqual(
        germans
          .slice(5)
          .reverse()
          .map((m) => m.name),
      );
      for (const sort of ['joined', 'name'] as const) {
        const first = await table({ sort });
        const second = await table({ sort, page: 2, after: first.paginator.nextCursor! });
        const byNumber = await table({ sort, page: 2 });
        expect(second.data.map((r) => r._id)).toEqual(byNumber.data.map((r) => r._id));
        expect(second.data).toHaveLength(5);
        expect(second.paginator.hasNextPage).toBe(false);
        const back = await table({ sort, page: 1, before: second.paginator.prevCursor! });
        expect(back.data.map((r) => r._id)).toEqual(first.data.map((r) => r._id));
      }
    });

    it('refuses a cursor of the other order', async () => {
      const first = await table({ sort: 'joined' });
      expect((await rejection(table({ sort: 'name', after: first.paginator.nextCursor! }))).status).toBe(400);
    });

    it('filters by status, gender and age range; min_age above max_age is refused with its message', async () => {
      const suspended = await table({ status: 'suspended' });
      expect(suspended.data.map((row) => row._id)).toEqual([germans[3]!.id]);
      const men = await table({ gender: 'male' });
      expect(men.paginator.total).toBe(12);
      expect(men.data.every((row) => row.gender === 'male')).toBe(true);
      const aged = await table({ min_age: 30, max_age: 32 });
      expect(aged.data.map((row) => row.age).sort()).toEqual([30, 31, 32]);
      const refused = await rejection(table({ min_age: 40, max_age: 30 }));
      expect(refused).toMatchObject({
        status: 400,
        message: expect.stringContaining('Minimun age cannot be greater that maximun age'),
      });
    });

    it('is for staff only', async () => {
      const member = await h.as('member');
      expect((await rejection(member.caller.admin.membersTable({}))).status).toBe(403);
      expect((await rejection(h.anonymous().admin.membersTable({}))).status).toBe(401);
      expect((await rejection(member.caller.admin.consoleSearch({ q: 'Zed' }))).status).toBe(403);
    });
  });

  describe('search box', () => {
    const find = async (q: string) => (await staff.caller.admin.consoleSearch({ q })).data;

    it('finds a member by first name, full name and last name prefix, at most 10', async () => {
      expect((await find('zedm')).map((r) => r._id)).toEqual([germans[13]!.id]);
      expect((await find('Zedm tableton13')).map((r) => r._id)).toEqual([germans[13]!.id]);
      expect((await find('tableton13')).map((r) => [r._id, r.matched])).toEqual([[germans[13]!.id, 'name']]);
      expect(await find('zed')).toHaveLength(10);
    });

    it('finds a member by email, phone, contact reference and payment reference', async () => {
      const kemi = await h.user({
        first_name: 'Kemi',
        email: 'kemi.searchable@example.test',
        phone: '+447700900431',
      });
      await handle.db
        .insertInto('subscriptions')
        .values({ user_id: kemi.id, status: 'pending', provider_reference: 'RP-ABCD1234' })
        .execute();
      const expectOne = async (q: string, matched: string) =>
        expect((await find(q)).map((r) => [r._id, r.matched])).toEqual([[kemi.id, matched]]);
      await expectOne('kemi.searchable@example.test', 'email');
      await expectOne('KEMI.SEARCH', 'email');
      await expectOne('+44 7700 900431', 'phone');
      await expectOne('447700900431', 'phone');
      await expectOne(kemi.contact_reference.toLowerCase(), 'reference');
      await expectOne('rp-abcd1234', 'payment');
      expect(await find('nobody-here')).toEqual([]);
    });

    it('finds hidden and paused members too, marked, as the table lists them', async () => {
      const hidden = await h.user({ first_name: 'Quillon', last_name: 'Hiddenby' });
      const paused = await h.user({ first_name: 'Quillon', last_name: 'Pausedby' });
      const shown = await h.user({ first_name: 'Quillon', last_name: 'Shownby' });
      for (const [user, visibility] of [
        [hidden, 'hidden'],
        [paused, 'paused'],
      ] as const) {
        await handle.db
          .updateTable('users')
          .set({ profile_visibility: visibility })
          .where('id', '=', user.id)
          .execute();
      }
      const marks = Object.fromEntries((await find('quillon')).map((r) => [r._id, r.profile_visibility]));
      expect(marks).toEqual({ [hidden.id]: 'hidden', [paused.id]: 'paused', [shown.id]: 'visible' });
      const rows = (await staff.caller.admin.membersTable({ sort: 'name' })).data;
      const tableMarks = Object.fromEntries(
        rows.filter((r) => r.first_name === 'Quillon').map((r) => [r._id, r.profile_visibility]),
      );
      expect(tableMarks).toEqual(marks);
    });

    it('finds members only, never staff', async () => {
      expect(await find('Consuela')).toEqual([]);
      expect((await rejection(find('x'))).status).toBe(400);
    });
  });
});
