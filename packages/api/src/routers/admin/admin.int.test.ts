import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { MIN_AGE_ABOVE_MAX_MESSAGE } from '@rhema/schemas';
import { seedIntroduction } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, rejection } from '../../test/harness';

// The consultants' console procedures on a real database: every search filter alone and combined, the
// paginator at the first, a middle and the last page (offset and keyset), the introduction lists, the views, the
// audited changes (idempotent), and the refusals for anonymous callers and members.
describe('admin console procedures', () => {
  let handle: DbHandle;
  let h: ReturnType<typeof createHarness>;
  let staff: Awaited<ReturnType<ReturnType<typeof createHarness>['as']>>;
  const ids: Record<string, string> = {};
  const phones: Record<string, string> = {};
  const refs: Record<string, string> = {};

  beforeAll(async () => {
    handle = await createTestDb();
    h = createHarness(handle.db);
    staff = await h.as('consultant', { first_name: 'Consuela' });
    const people = [
      { key: 'adaeze', first_name: 'Adaeze', gender: 'female', age: 25, country_code: 'GB' },
      { key: 'adanna', first_name: 'Adanna', gender: 'female', age: 35, country_code: 'NG' },
      { key: 'chidi', first_name: 'Chidi', gender: 'male', age: 30, country_code: 'GB' },
      { key: 'daniel', first_name: 'Daniel', gender: 'male', age: 45, country_code: 'GB' },
      {
        key: 'esther',
        first_name: 'Esther',
        gender: 'female',
        age: 28,
        country_code: 'GB',
        status: 'suspended',
      },
    ] as const;
    for (const [index, person] of people.entries()) {
      const { key, ...options } = person;
      const phone = `+4477009002${String(index).padStart(2, '0')}`;
      const user = await h.user({ ...options, phone, answers: { occupation: `Job ${key}` } });
      ids[key] = user.id;
      refs[key] = user.contact_reference;
      phones[key] = phone;
    }
    // 45 more women in GB aged 22 to 40: with Adaeze 46 matches of 'female, GB, 22-40', three pages of 20
    for (let n = 0; n < 45; n++) {
      await h.user({
        first_name: `Bola${String(n).padStart(2, '0')}`,
        gender: 'female',
        age: 22 + (n % 19),
        country_code: 'GB',
        phone: `+4477009003${String(n).padStart(2, '0')}`,
      });
    }
  });
  afterAll(() => handle.close());

  const search = (input: Record<string, unknown>) => staff.caller.admin.search(input);
  const names = (page: { data: { contact: { first_name: string } }[] }) =>
    page.data.map((item) => item.contact.first_name).sort();

  describe('admin.search', () => {
    it('filters by the age range alone', async () => {
      const page = await search({ min_age: 29, max_age: 36 });
      expect(names(page)).toEqual(expect.arrayContaining(['Adanna', 'Chidi']));
      expect(names(page)).not.toContain('Adaeze');
      expect(names(page)).not.toContain('Daniel');
      for (const item of page.data) {
        expect(item.user_age).toBeGreaterThanOrEqual(29);
        expect(item.user_age).toBeLessThanOrEqual(36);
        expect(item.contact.age).toBe(item.user_age);
      }
    });

    it('filters by gender alone, and shows staff the email and phone', async () => {
      const page = await search({ gender: 'male' });
      expect(names(page)).toEqual(['Chidi', 'Daniel']);
      const chidi = page.data.find((item) => item.contact.first_name === 'Chidi');
      expect(chidi?.contact.international_phone_number).toBe(phones.chidi);
      expect(chidi?.contact.account_email).toMatch(/@/);
      expect(chidi?.contact.data_occupation?.answer).toBe('Job chidi');
    });

    it('narrows to the country only with my_country_only', async () => {
      expect(names(await search({ my_country_only: 'true', country_code: 'NG' }))).toEqual(['Adanna']);
      const all = await search({ my_country_only: 'false', country_code: 'NG', gender: 'male' });
      expect(names(all)).toEqual(['Chidi', 'Daniel']);
    });

    it('filters by a first-name prefix, any case, alone and combined', async () => {
      expect(names(await search({ first_name: 'ADA' }))).toEqual(['Adaeze', 'Adanna']);
      expect(names(await search({ name: 'ada' }))).toEqual(['Adaeze', 'Adanna']);
      expect(
        names(await search({ first_name: 'ada', my_country_only: true, country_code: 'GB', min_age: 20 })),
      ).toEqual(['Adaeze']);
      expect(names(await search({ first_name: 'ada', min_age: 30, max_age: 40 }))).toEqual(['Adanna']);
      expect((await search({ first_name: '%' })).data).toEqual([]);
    });

    it('lets a phone number override every other filter', async () => {
      const page = await search({
        phone: phones.adaeze?.replace(/(\d{4})(\d{3})$/, ' $1 $2'),
        gender: 'male',
        my_country_only: true,
        country_code: 'NG',
        min_age: 60,
        max_age: 70,
        first_name: 'zz',
      });
      expect(names(page)).toEqual(['Adaeze']);
      expect(page.paginator).toMatchObject({ currentPage: 1, pageCount: 1, total: 1, hasNextPage: false });
    });

    it('searches by account status (active by default)', async () => {
      expect(names(await search({ first_name: 'Esther' }))).toEqual([]);
      expect(names(await search({ status: 'suspended' }))).toEqual(['Esther']);
    });

    it("refuses a minimum above the maximum with the product's message (400)", async () => {
      const refused = await rejection(search({ min_age: 41, max_age: 30 }));
      expect(refused).toMatchObject({ status: 400, message: MIN_AGE_ABOVE_MAX_MESSAGE });
      expect(MIN_AGE_ABOVE_MAX_MESSAGE).toBe('Minimun age cannot be greater that maximun age');
    });

    it('pages with the spec paginator at the first, a middle and the last page', async () => {
      const filters = {
        gender: 'female',
        my_country_only: true,
        country_code: 'GB',
        min_age: 22,
        max_age: 40,
      };
      const first = await search(filters);
      expect(first.data).toHaveLength(20);
      expect(first.paginator).toMatchObject({
        currentPage: 1,
        pageCount: 3,
        prev: null,
        next: 2,
        hasPrevPage: false,
        hasNextPage: true,
        total: 46,
        totalIsEstimate: false,
      });
      const middle = await search({ ...filters, page: 2 });
      expect(middle.paginator).toMatchObject({
        currentPage: 2,
        pageCount: 3,
        prev: 1,
        next: 3,
        hasPrevPage: true,
        hasNextPage: true,
      });
      const last = await search({ ...filters, page: '3' });
      expect(last.data).toHaveLength(6);
      expect(last.paginator).toMatchObject({
        currentPage: 3,
        pageCount: 3,
        prev: 2,
        next: null,
        hasPrevPage: true,
        hasNextPage: false,
        nextCursor: null,
      });
      // youngest first, and the pages do not overlap
      const all = [...first.data, ...middle.data, ...last.data];
      expect(new Set(all.map((item) => item._id)).size).toBe(46);
      const ages = all.map((item) => item.user_age);
      expect([...ages].sort((a, b) => a - b)).toEqual(ages);

      // the keyset positions give the very same pages
      const byCursor = await search({ ...filters, page: 2, after: first.paginator.nextCursor });
      expect(byCursor.data.map((item) => item._id)).toEqual(middle.data.map((item) => item._id));
      expect(byCursor.paginator).toMatchObject({ currentPage: 2, pageCount: 3, hasPrevPage: true });
      const back = await search({ ...filters, page: 2, before: last.paginator.prevCursor });
      expect(back.data.map((item) => item._id)).toEqual(middle.data.map((item) => item._id));
      const backToFirst = await search({ ...filters, page: 1, before: middle.paginator.prevCursor });
      expect(backToFirst.data.map((item) => item._id)).toEqual(first.data.map((item) => item._id));
      expect(backToFirst.paginator).toMatchObject({ currentPage: 1, hasPrevPage: false, prev: null });

      const byName = await search({ first_name: 'bola', page: 2 });
      const byNameCursor = await search({
        first_name: 'bola',
        page: 2,
        after: (await search({ first_name: 'bola' })).paginator.nextCursor,
      });
      expect(byNameCursor.data.map((item) => item._id)).toEqual(byName.data.map((item) => item._id));
      expect((await rejection(search({ ...filters, after: 'bm90IGEgY3Vyc29y' }))).status).toBe(400);
    });
  });

  describe('introductions', () => {
    let openId: string;
    let prematchedId: string;

    beforeAll(async () => {
      const open = await seedIntroduction(handle.db, {
        owner_id: ids.adaeze!,
        created_by: staff.user.id,
        status: 'open',
        is_public: true,
        is_active: true,
        requests: [{ requester_id: ids.chidi!, message: 'I am interested in Adaeze' }],
      });
      openId = open.id;
      const prematched = await seedIntroduction(handle.db, {
        owner_id: ids.chidi!,
        contact_id: ids.adanna!,
        created_by: staff.user.id,
        status: 'requested',
      });
      prematchedId = prematched.id;
    });

    it('lists introductions newest first with owner cards, filtered by status and owner', async () => {
      const all = await staff.caller.admin.introductions({});
      expect(all.data.map((card) => card._id)).toEqual([prematchedId, openId]);
      const open = all.data.find((card) => card._id === openId);
      expect(open).toMatchObject({ status: 'open', is_active: true, requests_count: 1, contact: null });
      expect(open?.user.international_phone_number).toBe(phones.adaeze);
      const requested = await staff.caller.admin.introductions({ status: 'requested' });
      expect(requested.data.map((card) => card._id)).toEqual([prematchedId]);
      const men = await staff.caller.admin.introductions({ gender: 'male' });
      expect(men.data.map((card) => card._id)).toEqual([prematchedId]);
      const byPhone = await staff.caller.admin.introductions({ phone: phones.adaeze, gender: 'male' });
      expect(byPhone.data.map((card) => card._id)).toEqual([openId]);
      expect((await rejection(staff.caller.admin.introductions({ min_age: 50, max_age: 20 }))).message).toBe(
        MIN_AGE_ABOVE_MAX_MESSAGE,
      );
    });

    it('lists the pre-matched ones with owner and contact', async () => {
      const page = await staff.caller.admin.prematched({});
      expect(page.data.map((card) => card._id)).toEqual([prematchedId]);
      expect(page.data[0]?.contact?._id).toBe(ids.adanna);
      expect(page.paginator).toMatchObject({ currentPage: 1, pageCount: 1, hasNextPage: false });
    });

    it('activates and deactivates idempotently, one audit entry per change', async () => {
      const target = prematchedId;
      const first = await staff.caller.admin.activate({ id: target });
      const again = await staff.caller.admin.activate({ id: target });
      expect(first.is_active).toBe(true);
      expect(again.is_active).toBe(true);
      await staff.caller.admin.deactivate({ id: target });
      const off = await staff.caller.admin.deactivate({ id: target });
      expect(off.is_active).toBe(false);
      const audit = await handle.db
        .selectFrom('audit_log')
        .select(['action', 'actor_id', 'created_at'])
        .where('target_id', '=', target)
        .orderBy('id')
        .execute();
      expect(audit.map((row) => row.action)).toEqual(['introduction.activate', 'introduction.deactivate']);
      expect(audit.every((row) => row.actor_id === staff.user.id && row.created_at)).toBe(true);
      expect((await rejection(staff.caller.admin.activate({ id: crypto.randomUUID() }))).status).toBe(404);
    });

    it('updates the note (audited with before and after; a repeat changes nothing)', async () => {
      const updated = await staff.caller.admin.note({ id: openId, note: '  Called her on Monday  ' });
      expect(updated).toMatchObject({ note: 'Called her on Monday', note2: 'Called her on Monday' });
      await staff.caller.admin.note({ id: openId, note: 'Called her on Monday' });
      const audit = await handle.db
        .selectFrom('audit_log')
        .select(['action', 'details'])
        .where('target_id', '=', openId)
        .where('action', '=', 'introduction.note')
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]?.details).toMatchObject({ before: null, after: 'Called her on Monday' });
    });

    it('adds a 6-character code in the contact-reference format once', async () => {
      const code = (await h.user({ first_name: 'Suggested' })).contact_reference;
      const added = await staff.caller.admin.suggestion({ id: openId, code: ` ${code.toLowerCase()} ` });
      expect(added.codes).toEqual([code]);
      await staff.caller.admin.suggestion({ id: openId, code });
      const audit = await handle.db
        .selectFrom('audit_log')
        .select(['action'])
        .where('target_id', '=', openId)
        .where('action', '=', 'introduction.suggestion')
        .execute();
      expect(audit).toHaveLength(1);
      for (const bad of ['K7M2Q', 'K7M2QXZ', 'K7M2Q0', 'K7M2QI', 'K7M-QX']) {
        expect((await rejection(staff.caller.admin.suggestion({ id: openId, code: bad }))).status).toBe(400);
      }
    });

    it('registers an introduction for an owner with the form defaults, audited', async () => {
      const created = await staff.caller.admin.register({
        userId: ids.daniel!,
        city: 'Leeds',
        min_height: '160',
      });
      expect(created).toMatchObject({
        status: 'open',
        is_active: false,
        min_age: 30,
        max_age: 50,
        distant_relationship: false,
        is_public: false,
        city: 'Leeds',
        min_height: 160,
      });
      expect(created.user._id).toBe(ids.daniel);
      const audit = await handle.db
        .selectFrom('audit_log')
        .select(['action', 'actor_id'])
        .where('target_id', '=', created._id)
        .execute();
      expect(audit).toEqual([{ action: 'introduction.register', actor_id: staff.user.id }]);
      const view = await staff.caller.admin.owner({ userId: ids.daniel! });
      expect(view.introductions.map((card) => card._id)).toContain(created._id);
      expect(
        (await rejection(staff.caller.admin.register({ userId: ids.daniel!, min_age: 50, max_age: 30 })))
          .status,
      ).toBe(400);
      expect((await rejection(staff.caller.admin.register({ userId: staff.user.id }))).status).toBe(404);
    });

    it('shows the user view, the member view and the introduction detail with its requests', async () => {
      const view = await staff.caller.admin.user({ userId: ids.adaeze! });
      expect(view.data).toMatchObject({ _id: ids.adaeze, first_name: 'Adaeze', age: 25, country_code: 'GB' });
      expect(view.data.data_occupation?.answer).toBe('Job adaeze');
      expect(view.updated_user).toMatchObject({ _id: ids.adaeze, phone: phones.adaeze, status: 'active' });
      const member = await staff.caller.admin.member({ userId: ids.adanna! });
      expect(member.data).toMatchObject({ first_name: 'Adanna', international_phone_number: phones.adanna });
      // a newer private introduction takes no requests: the detail stays on the public one that does
      await seedIntroduction(handle.db, {
        owner_id: ids.adaeze!,
        created_by: staff.user.id,
        status: 'open',
        is_public: false,
        is_active: true,
        created_at: new Date(Date.now() + 60_000),
      });
      const detail = await staff.caller.admin.introductionDetail({ userId: ids.adaeze! });
      expect(detail.data?._id).toBe(openId);
      expect(detail.requests.data).toHaveLength(1);
      expect(detail.requests.data[0]).toMatchObject({ message: 'I am interested in Adaeze' });
      expect(detail.requests.data[0]?.requester._id).toBe(ids.chidi);
      const none = await staff.caller.admin.introductionDetail({ userId: ids.esther! });
      expect(none).toMatchObject({ data: null, requests: { data: [] } });
      expect((await rejection(staff.caller.admin.user({ userId: crypto.randomUUID() }))).status).toBe(404);
      expect((await rejection(staff.caller.admin.user({ userId: 'not-an-id' }))).status).toBe(400);
    });

    it('sends a request for the member a consultant names by code, once, audited', async () => {
      const sent = await staff.caller.admin.requestOnBehalf({
        id: openId,
        code: refs.adanna!.toLowerCase(),
        message: 'I am interested in Adaeze',
      });
      expect(sent._id).toBeTruthy();
      const detail = await staff.caller.admin.introductionDetail({ userId: ids.adaeze! });
      expect(detail.requests.data.map((request) => request.requester._id).sort()).toEqual(
        [ids.chidi, ids.adanna].sort(),
      );
      const again = await rejection(staff.caller.admin.requestOnBehalf({ id: openId, code: refs.adanna! }));
      expect(again.status).toBe(409);
      expect(
        (await rejection(staff.caller.admin.requestOnBehalf({ id: openId, code: 'ZZZZZZ' }))).status,
      ).toBe(404);
      const audit = await handle.db
        .selectFrom('audit_log')
        .select(['actor_id'])
        .where('target_id', '=', openId)
        .where('action', '=', 'introduction.request_on_behalf')
        .execute();
      expect(audit).toEqual([{ actor_id: staff.user.id }]);
    });

    it("gives a member's introductions with their history from the audit log", async () => {
      const result = await staff.caller.admin.userIntroductions({ userId: ids.chidi! });
      const owned = result.data.find((entry) => entry.introduction._id === prematchedId);
      expect(owned?.role).toBe('owner');
      expect(owned?.history.map((entry) => entry.action)).toEqual([
        'introduction.activate',
        'introduction.deactivate',
      ]);
      expect(owned?.history[0]?.actor).toMatchObject({ _id: staff.user.id, first_name: 'Consuela' });
      const asContact = await staff.caller.admin.userIntroductions({ userId: ids.adanna! });
      expect(asContact.data.map((entry) => entry.role)).toEqual(['contact']);
    });
  });

  describe('access', () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const calls: [string, (caller: ReturnType<typeof h.anonymous>) => Promise<unknown>][] = [
      ['search', (c) => c.admin.search({})],
      ['introductions', (c) => c.admin.introductions({})],
      ['prematched', (c) => c.admin.prematched({})],
      ['user', (c) => c.admin.user({ userId: id })],
      ['owner', (c) => c.admin.owner({ userId: id })],
      ['member', (c) => c.admin.member({ userId: id })],
      ['introductionDetail', (c) => c.admin.introductionDetail({ userId: id })],
      ['userIntroductions', (c) => c.admin.userIntroductions({ userId: id })],
      ['register', (c) => c.admin.register({ userId: id })],
      ['activate', (c) => c.admin.activate({ id })],
      ['deactivate', (c) => c.admin.deactivate({ id })],
      ['note', (c) => c.admin.note({ id, note: 'x' })],
      ['suggestion', (c) => c.admin.suggestion({ id, code: 'K7M2QX' })],
      ['requestOnBehalf', (c) => c.admin.requestOnBehalf({ id, code: 'K7M2QX' })],
    ];
    for (const [name, call] of calls) {
      it(`admin.${name}: anonymous 401, member 403`, async () => {
        expect((await rejection(call(h.anonymous()))).status).toBe(401);
        const member = await h.as('member');
        expect((await rejection(call(member.caller))).status).toBe(403);
      });
    }
  });
});
