import { emailSubject } from '@rhema/auth';
import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { SPECIAL_CATEGORY_CONSENT } from '@rhema/schemas';
import { seedContent } from '@rhema/seed';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, TEST_PASSWORD } from '../../testing';

// docs/security.md target 14: a member's erase leaves no row of theirs in any table. The tables and the columns that
// point at users are read from the database itself (pg_catalog), not listed here, so a table added later with a
// user column fails this test until (1) the member below is given a row in it and (2) the erase removes it.
//
// Audit (decided in docs/decisions/080-self-matching.md, "Erasure and the audit log"): lines about the member
// (target) and lines that name them in their details go; lines of what they did to others keep the action with
// no actor (audit_log.actor_id ON DELETE SET NULL); one 'account.erased' line without any identifier is added.

/** Columns that reference users but only ever hold a staff member's id: a member cannot have a row there. */
const STAFF_ONLY_COLUMNS = new Set([
  'introductions.created_by',
  'reports.reviewed_by',
  'subscriptions.confirmed_by',
  'suggestion_codes.created_by',
]);

describe('a member erase, checked against every table of the database', () => {
  let handle: DbHandle;
  let h: ReturnType<typeof createHarness>;
  beforeAll(async () => {
    handle = await createTestDb();
    await seedContent(handle.db);
    h = createHarness(handle.db);
  });
  afterAll(() => handle.close());

  /** every (table, column) with a foreign key to users, from the catalogue */
  async function userColumns() {
    const { rows } = await sql<{ tbl: string; col: string }>`
      select c.conrelid::regclass::text as tbl, a.attname::text as col
        from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
       where c.contype = 'f' and c.confrelid = 'users'::regclass
       order by 1, 2`.execute(handle.db);
    return rows.map((r) => `${r.tbl}.${r.col}`);
  }

  /** every table of the public schema, from the catalogue */
  async function allTables() {
    const { rows } = await sql<{ name: string }>`
      select table_name::text as name from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_%'
       order by 1`.execute(handle.db);
    return rows.map((r) => r.name);
  }

  /** the rows of every table whose JSON form holds one of the needles */
  async function rowsHolding(needles: string[]) {
    const found: string[] = [];
    for (const table of await allTables()) {
      const { rows } = await sql<{ row: string }>`
        select row_to_json(t)::text as row from ${sql.table(table)} t`.execute(handle.db);
      for (const { row } of rows) {
        for (const needle of needles)
          if (row.includes(needle)) found.push(`${table} holds ${needle}: ${row}`);
      }
    }
    return found;
  }

  it('leaves no row of theirs after rows everywhere, and the catalogue lists no column the test missed', async () => {
    const email = 'everywhere@example.test';
    const x = await h.as('member', {
      email,
      first_name: 'Ifeoma',
      last_name: 'Erasedeverywhere',
      phone: '+447700900871',
      special_category_consent: false,
      photos: 2,
      citizenships: ['NG'],
      core_values: ['Loyalty'],
    });
    // the others' phones given too: a seeded user's is drawn from the 1,000 numbers of Ofcom's drama range
    // (packages/seed/src/users.ts), so one of them was this member's now and then, and the search below found it
    const friend = await h.as('member', { first_name: 'Tunde', phone: '+447700900101' });
    const admirer = await h.as('member', { first_name: 'Sade', phone: '+447700900102' });
    const blocked = await h.as('member', { first_name: 'Femi', phone: '+447700900103' });
    const blocker = await h.as('member', { first_name: 'Kemi', phone: '+447700900104' });
    const staff = await h.as('consultant', { phone: '+447700900105' });

    // profile, special-category answers under a consent that was given, withdrawn and given again
    const give = { text_version: SPECIAL_CATEGORY_CONSENT.textVersion };
    await x.caller.profile.giveSpecialConsent(give);
    await x.caller.profile.withdrawSpecialConsent();
    await x.caller.profile.giveSpecialConsent(give);
    await x.caller.profile.update({
      first_name: 'Ifeoma',
      height_cm: 171,
      citizenships: ['NG'],
      core_values: ['Loyalty'],
      answers: { occupation: 'Actuary-Everywhere', tribe: 'Tribe-Everywhere', religion: 'Faith-Everywhere' },
    });
    // a community, friends both ways, messages both ways, a pending request each way
    await x.caller.communities.join({ slug: 'catholic-singles' });
    const sent = await x.caller.friends.send({ user_id: friend.user.id });
    await friend.caller.friends.accept({ request_id: sent.request._id });
    await x.caller.messages.send({ user_id: friend.user.id, body: 'Message-Everywhere from Ifeoma' });
    await friend.caller.messages.send({ user_id: x.user.id, body: 'Reply-Everywhere to Ifeoma' });
    await admirer.caller.friends.send({ user_id: x.user.id });
    // blocks both ways, reports made and received (one dismissed by staff)
    await x.caller.safety.block({ user_id: blocked.user.id });
    await blocker.caller.safety.block({ user_id: x.user.id });
    await x.caller.safety.report({
      user_id: blocked.user.id,
      reason: 'scam',
      details: 'Report-Everywhere by Ifeoma',
    });
    const about = await admirer.caller.safety.report({
      user_id: x.user.id,
      reason: 'other',
      details: 'About Ifeoma',
    });
    await staff.caller.moderation.dismiss({ report_id: about._id, note: 'Dismissed-Everywhere' });
    // introductions: one registered by staff for them, one where they are the contact, a request, premium, releases
    await staff.caller.admin.register({
      userId: x.user.id,
      tribe: 'Wanted-Everywhere',
      note: 'Note-Everywhere',
    });
    const asContact = await handle.db
      .insertInto('introductions')
      .values({
        owner_id: friend.user.id,
        contact_id: x.user.id,
        status: 'accepted',
        created_by: staff.user.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const open = await handle.db
      .insertInto('introductions')
      .values({ owner_id: admirer.user.id, is_public: true, is_active: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    await handle.db
      .insertInto('introduction_requests')
      .values({ introduction_id: open.id, requester_id: x.user.id, message: 'Request-Everywhere' })
      .execute();
    await handle.db
      .insertInto('subscriptions')
      .values({ user_id: x.user.id, introduction_id: asContact.id })
      .execute();
    await handle.db
      .insertInto('contact_disclosures')
      .values([
        {
          subject_id: x.user.id,
          viewer_id: friend.user.id,
          introduction_id: asContact.id,
          fields: ['phone'],
        },
        {
          subject_id: friend.user.id,
          viewer_id: x.user.id,
          introduction_id: asContact.id,
          fields: ['phone'],
        },
      ])
      .execute();
    // a reset code (and its mail job) and a failed login (rate-limit rows keyed by the address's hash)
    await h.anonymous().password.request({ email });
    await h
      .anonymous()
      .auth.login({ email, password: 'not the password at all' })
      .catch(() => undefined);

    // every column of the catalogue that points at users holds this member somewhere, unless staff-only
    const columns = await userColumns();
    for (const staffOnly of STAFF_ONLY_COLUMNS)
      expect(columns, 'a staff-only column left the schema').toContain(staffOnly);
    for (const column of columns.filter((c) => !STAFF_ONLY_COLUMNS.has(c))) {
      const [table, col] = column.split('.') as [string, string];
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from ${sql.table(table)} where ${sql.ref(col)} = ${x.user.id}`.execute(
        handle.db,
      );
      expect(
        rows[0]!.n,
        `${column}: give the member a row there, and make sure the erase removes it`,
      ).toBeGreaterThan(0);
    }
    const needles = [
      x.user.id,
      email,
      '+447700900871',
      'Erasedeverywhere',
      'Actuary-Everywhere',
      'Tribe-Everywhere',
      'Faith-Everywhere',
      'Message-Everywhere',
      'Reply-Everywhere',
      'Report-Everywhere',
      'Request-Everywhere',
      'Wanted-Everywhere',
      'Note-Everywhere',
      emailSubject(email),
    ];
    expect((await rowsHolding([x.user.id])).length).toBeGreaterThan(columns.length);

    await (await h.withToken(x.token)).account.terminate({ password: TEST_PASSWORD, confirm: true });

    expect(await rowsHolding(needles)).toEqual([]);
    // the others are still there, and what they did stays theirs
    const others = await handle.db
      .selectFrom('users')
      .select('id')
      .where('id', 'in', [friend.user.id, admirer.user.id, blocked.user.id, blocker.user.id, staff.user.id])
      .execute();
    expect(others).toHaveLength(5);
    const erased = await handle.db
      .selectFrom('audit_log')
      .select(['actor_id', 'target_id', 'details'])
      .where('action', '=', 'account.erased')
      .execute();
    expect(erased).toEqual([{ actor_id: null, target_id: null, details: {} }]);
  });
});
