import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { seedIntroduction, seedUser } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findMembers, memberSearchFilters, type MemberSearchInput } from './find-members';
import { listIntroductions } from './list-introductions';
import { ADMIN_PAGE_SIZE } from '../paging';

// The console's pages are exact whichever way a page is reached (docs/decisions/090): page N
// by page number (OFFSET over the index) holds the same members as page N reached by walking the keyset forward
// from page 1 or backward from the last page, in the page order, with the same paginator. The members share first
// names and birth dates, and introductions their creation times, on purpose, so ties of the sort key are crossed by
// page edges. The introduction lists (newest first) are held to the same.

const NOW = new Date('2026-03-02T09:00:00.000Z');
const NAMES = ['Ada', 'ADAEZE', 'Adanna', 'Chidi', 'chika', 'Chidinma', 'Bola'];
const BIRTH_DATES = ['1990-05-01', '1994-11-30', '1998-02-14', '2001-07-07', '1975-01-01'];

interface Member {
  id: string;
  first_name: string;
  date_of_birth: string;
  gender: 'female' | 'male';
  country_code: string;
  status: string;
}

describe('member search paging: offset and keyset give the same pages', () => {
  let handle: DbHandle;
  let staffId = '';
  const members: Member[] = [];
  const introductions: { id: string; created: number; prematched: boolean }[] = [];

  beforeAll(async () => {
    handle = await createTestDb();
    for (let n = 0; n < 150; n++) {
      const member = {
        first_name: NAMES[n % NAMES.length]!,
        date_of_birth: BIRTH_DATES[(n * 3) % BIRTH_DATES.length]!,
        gender: n % 3 === 0 ? ('male' as const) : ('female' as const),
        country_code: n % 4 === 0 ? 'NG' : 'GB',
        status: n % 5 === 4 ? 'suspended' : 'active',
      };
      const user = await seedUser(handle.db, {
        ...member,
        email: `paging-${n}@example.test`,
        phone: `+4477009${String(n).padStart(5, '0')}`,
      });
      members.push({ id: user.id, ...member });
    }
    // a consultant is never a match, whatever the filters
    const consultant = await seedUser(handle.db, {
      role: 'consultant',
      first_name: 'Ada',
      date_of_birth: '1990-05-01',
    });
    staffId = consultant.id;
    // introductions created in bursts of the same microsecond (ties of created_at), some pre-matched
    for (let n = 0; n < 70; n++) {
      const created = new Date(Date.UTC(2026, 1, 1 + Math.floor(n / 6), 10, 0, 0, 0));
      const intro = await seedIntroduction(handle.db, {
        owner_id: members[n]!.id,
        contact_id: n % 2 === 0 ? members[n + 1]!.id : null,
        created_by: consultant.id,
        status: n % 2 === 0 ? 'requested' : 'open',
        created_at: created,
      });
      introductions.push({ id: intro.id, created: created.getTime(), prematched: n % 2 === 0 });
    }
  });
  afterAll(() => handle.close());

  /** The matches in page order, worked out here from the inserted rows (uuids order as their hex text). */
  function expected(input: MemberSearchInput): string[] {
    const filters = memberSearchFilters(input, NOW);
    const matches = members.filter(
      (m) =>
        m.status === filters.status &&
        (!filters.gender || m.gender === filters.gender) &&
        (!filters.countryCode || m.country_code === filters.countryCode) &&
        (!filters.bornOnOrBefore || m.date_of_birth <= filters.bornOnOrBefore) &&
        (!filters.bornAfter || m.date_of_birth > filters.bornAfter) &&
        (!filters.namePrefix || m.first_name.toLowerCase().startsWith(filters.namePrefix)),
    );
    const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    matches.sort((a, b) =>
      filters.namePrefix
        ? cmp(a.first_name.toLowerCase(), b.first_name.toLowerCase()) ||
          cmp(a.date_of_birth, b.date_of_birth) ||
          cmp(a.id, b.id)
        : cmp(b.date_of_birth, a.date_of_birth) || cmp(b.id, a.id),
    );
    return matches.map((m) => m.id);
  }

  const mixes: { label: string; input: MemberSearchInput }[] = [
    { label: 'everyone', input: {} },
    { label: 'age range', input: { min_age: 24, max_age: 36 } },
    { label: 'gender and country', input: { gender: 'female', my_country_only: true, country_code: 'GB' } },
    { label: 'first-name prefix', input: { first_name: 'ad' } },
    { label: 'first-name prefix and age range', input: { first_name: 'CHI', min_age: 24, max_age: 60 } },
    { label: 'first-name prefix, gender and country', input: { first_name: 'a', gender: 'female' } },
    { label: 'status', input: { status: 'suspended' } },
  ];

  for (const { label, input } of mixes) {
    it(`pages exactly by page number and by keyset both ways: ${label}`, async () => {
      const all = expected(input);
      expect(all.length).toBeGreaterThan(ADMIN_PAGE_SIZE);
      const pageCount = Math.ceil(all.length / ADMIN_PAGE_SIZE);
      const want = (page: number) => all.slice((page - 1) * ADMIN_PAGE_SIZE, page * ADMIN_PAGE_SIZE);
      const ids = (read: Awaited<ReturnType<typeof findMembers>>) => read.rows.map((row) => row.id);
      const search = (extra: MemberSearchInput) =>
        findMembers({ db: handle.db, now: NOW, input: { ...input, ...extra } });

      // by page number only (what a REST client sends)
      const byNumber = [];
      for (let page = 1; page <= pageCount; page++) {
        const read = await search({ page });
        expect(ids(read), `page ${page} by number`).toEqual(want(page));
        expect(read.paginator).toMatchObject({
          currentPage: page,
          pageCount,
          prev: page > 1 ? page - 1 : null,
          next: page < pageCount ? page + 1 : null,
          hasPrevPage: page > 1,
          hasNextPage: page < pageCount,
          total: all.length,
        });
        byNumber.push(read);
      }
      expect((await search({ page: pageCount + 1 })).rows).toEqual([]);

      // forward by the paginator's cursors from page 1
      let read = byNumber[0]!;
      for (let page = 2; page <= pageCount; page++) {
        read = await search({ page, after: read.paginator.nextCursor! });
        expect(ids(read), `page ${page} by keyset forward`).toEqual(want(page));
        const { nextCursor, prevCursor, ...paginator } = byNumber[page - 1]!.paginator;
        expect(read.paginator).toMatchObject(paginator);
        expect([read.paginator.nextCursor, read.paginator.prevCursor]).toEqual([nextCursor, prevCursor]);
      }

      // backward by the paginator's cursors from the last page
      read = byNumber[pageCount - 1]!;
      for (let page = pageCount - 1; page >= 1; page--) {
        read = await search({ page, before: read.paginator.prevCursor! });
        expect(ids(read), `page ${page} by keyset backward`).toEqual(want(page));
        expect(read.paginator).toMatchObject({ currentPage: page, hasPrevPage: page > 1 });
      }
      expect(read.paginator.prevCursor).toBeNull();
    });
  }

  for (const prematched of [false, true]) {
    it(`pages the ${prematched ? 'pre-matched' : 'introduction'} list exactly by page number and by keyset`, async () => {
      const all = introductions
        .filter((intro) => !prematched || intro.prematched)
        .sort((a, b) => b.created - a.created || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
        .map((intro) => intro.id);
      expect(all.length).toBeGreaterThan(ADMIN_PAGE_SIZE);
      const pageCount = Math.ceil(all.length / ADMIN_PAGE_SIZE);
      const want = (page: number) => all.slice((page - 1) * ADMIN_PAGE_SIZE, page * ADMIN_PAGE_SIZE);
      const list = (input: Parameters<typeof listIntroductions>[0]['input']) =>
        listIntroductions({
          db: handle.db,
          now: NOW,
          viewer: { kind: 'staff', userId: staffId },
          prematched,
          input,
        });
      const ids = (read: Awaited<ReturnType<typeof list>>) => read.data.map((card) => card._id);
      const byNumber = [];
      for (let page = 1; page <= pageCount; page++) {
        const read = await list({ page });
        expect(ids(read), `page ${page} by number`).toEqual(want(page));
        expect(read.paginator).toMatchObject({ currentPage: page, pageCount, hasNextPage: page < pageCount });
        byNumber.push(read);
      }
      let read = byNumber[0]!;
      for (let page = 2; page <= pageCount; page++) {
        read = await list({ page, after: read.paginator.nextCursor! });
        expect(ids(read), `page ${page} by keyset forward`).toEqual(want(page));
      }
      for (let page = pageCount - 1; page >= 1; page--) {
        read = await list({ page, before: read.paginator.prevCursor! });
        expect(ids(read), `page ${page} by keyset backward`).toEqual(want(page));
      }
    });
  }
});
