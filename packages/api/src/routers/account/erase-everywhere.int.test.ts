import { emailSubject } from '@rhema/auth';
import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { SPECIAL_CATEGORY_CONSENT } from '@rhema/schemas';
import { seedContent } from '@rhema/seed';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, TEST_PASSWORD } from '../../test/harness';

// docs/security.md target 14: a member's erase leaves no row of theirs in any table. The tables and the columns that
// point at users are read from the database itself (pg_catalog), not listed here, so a table added later with a
// user column fails this test until (1) the member below is given a row in it and (2) the erase removes it. Every
// column of every table (information_schema) is then scanned for their id, email, phone, name, reference, answers
// and texts.
//
// Audit (docs/decisions/084-erasure-and-the-audit-log.md): every event stays, the member replaced by one tombstone
// id; details about them, their introductions and reports go; one 'account.erased' line points at the tombstone.

/** Columns that reference users but only ever hold a staff member's id: a member cannot have a row there. */
const STAFF_ONLY_COLUMNS = new Set([
  'introductions.created_by',
  'match_requests.handled_by',
  'reports.reviewed_by',
  'subscriptions.confirmed_by',
  'identity_verifications.revoked_by',
  'suggestion_codes.created_by',
  'events.created_by',
  'event_rsvps.checked_in_by',
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

  /**
   * "table.column: value" for every column of every table (information_schema: text, json, uuid, arrays and the
   * rest, each read as text) whose value holds one of the needles
   */
  async function rowsHolding(needles: string[]) {
    const { rows: columns } = await sql<{ tbl: string; col: string }>`
      select c.table_name::text as tbl, c.column_name::text as col
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
       where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.table_name not like 'kysely_%'
       order by 1, 2`.execute(handle.db);
    const patterns = needles.map((needle) => `%${needle}%`);
    const found: string[] = [];
    for (const { tbl, col } of columns) {
      const { rows } = await sql<{ value: string }>`
        select ${sql.ref(col)}::text as value from ${sql.table(tbl)}
         where ${sql.ref(col)}::text like any (${sql.val(patterns)}::text[])`.execute(handle.db);
      for (const { value } of rows) found.push(`${tbl}.${col}: ${value}`);
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
    await x.caller.communities.join({ slug: 'catholic-singles' }); // under the consent given above
    const sent = await x.caller.friends.send({ user_id: friend.user.id });
    await friend.caller.friends.accept({ request_id: sent.request._id });
    await x.caller.messages.send({ user_id: friend.user.id, body: 'Message-Everywhere from Ifeoma' });
    await friend.caller.messages.send({ user_id: x.user.id, body: 'Reply-Everywhere to Ifeoma' });
    await admirer.caller.friends.send({ user_id: x.user.id });
    // notifications both ways (the requests above), their settings and a phone that gets pushes
    await x.caller.notifications.updateSettings({ discreet: true });
    await x.caller.devices.register({ platform: 'android', token: 'android-token-everywhere' });
    // blocks both ways, reports made and received (one dismissed by staff)
    await x.caller.safety.block({ user_id: blocked.user.id });
    await blocker.caller.safety.block({ user_id: x.user.id });
    const theirReport = await x.caller.safety.report({
      user_id: blocked.user.id,
      reason: 'scam',
      details: 'Report-Everywhere by Ifeoma',
    });
    const about = await admirer.caller.safety.report({
      user_id: x.user.id,
      reason: 'other',
      details: 'About Ifeoma',
    });
    // the consultant's note on a report about them names them, their phone and their faith
    await staff.caller.moderation.dismiss({
      report_id: about._id,
      note: 'Dismissed-Everywhere: Ifeoma Erasedeverywhere, +447700900871, Faith-Everywhere',
    });
    // introductions: one registered by staff for them, one where they are the contact, a request, premium, releases
    const own = await staff.caller.admin.register({
      userId: x.user.id,
      tribe: 'Wanted-Everywhere',
      note: 'Note-Everywhere',
    });
    // notes about them before and after (audited), on their own introduction
    await staff.caller.admin.note({
      id: own._id,
      note: 'Spoke-Everywhere to Ifeoma Erasedeverywhere on +447700900871, Faith-Everywhere',
    });
    await staff.caller.admin.note({ id: own._id, note: 'Second-Everywhere note' });
    // another member's introduction: their contact reference suggested, and a note naming them
    const friends = await staff.caller.admin.register({ userId: friend.user.id });
    await staff.caller.admin.suggestion({ id: friends._id, code: x.user.contact_reference });
    await staff.caller.admin.note({
      id: friends._id,
      note: `Suggested Ifeoma Erasedeverywhere (${x.user.contact_reference}), +447700900871`,
    });
    // an onboarding in progress
    await x.caller.profile.saveOnboarding({ step: 'communities' });
    // private-match requests both ways
    await handle.db
      .insertInto('match_requests')
      .values([
        { requester_id: x.user.id, member_id: friend.user.id, note: 'Match-Everywhere' },
        { requester_id: admirer.user.id, member_id: x.user.id },
      ])
      .execute();
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
    // the members list's saved filters
    await handle.db
      .insertInto('member_search_preferences')
      .values({ user_id: x.user.id, country_code: 'NG', min_age: 30 })
      .execute();
    // video calls with a friend both ways, and a call's signals both ways
    const [call] = await handle.db
      .insertInto('calls')
      .values([
        { caller_id: x.user.id, callee_id: friend.user.id, via: 'friends' },
        { caller_id: friend.user.id, callee_id: x.user.id, via: 'friends', status: 'missed' },
      ])
      .returning('id')
      .execute();
    await handle.db
      .insertInto('call_signals')
      .values([
        { call_id: call!.id, sender_id: x.user.id, recipient_id: friend.user.id, kind: 'ring' },
        { call_id: call!.id, sender_id: friend.user.id, recipient_id: x.user.id, kind: 'accept' },
      ])
      .execute();
    // a meetup: their place, checked in, and whom they would meet again (and who would meet them)
    const meetup = await handle.db
      .insertInto('events')
      .values({
        title: 'Everywhere meetup',
        city: 'London',
        venue: 'A hall',
        starts_at: new Date(Date.now() - 3 * 3600_000),
        ends_at: new Date(Date.now() - 3600_000),
        capacity: 10,
        description: 'A meetup',
        status: 'published',
        confirmed_count: 2,
        created_by: staff.user.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await handle.db
      .insertInto('event_rsvps')
      .values([
        {
          event_id: meetup.id,
          user_id: x.user.id,
          status: 'confirmed',
          check_in_code: 'EVERY1',
          checked_in_at: new Date(),
          checked_in_by: staff.user.id,
        },
        { event_id: meetup.id, user_id: friend.user.id, status: 'confirmed', check_in_code: 'EVERY2' },
      ])
      .execute();
    await handle.db
      .insertInto('event_meet_again')
      .values([
        { event_id: meetup.id, user_id: x.user.id, other_id: friend.user.id },
        { event_id: meetup.id, user_id: friend.user.id, other_id: x.user.id },
      ])
      .execute();
    // an identity check: only the state, the provider's reference and the dates
    await handle.db
      .insertInto('identity_verifications')
      .values({
        user_id: x.user.id,
        provider: 'development',
        provider_reference: 'vs_dev_everywhere',
        status: 'verified',
        started_at: new Date(),
        updated_at: new Date(),
      })
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
      'Dismissed-Everywhere',
      'Spoke-Everywhere',
      'Second-Everywhere',
      'Match-Everywhere',
      'Ifeoma Erasedeverywhere',
      x.user.contact_reference,
      emailSubject(email),
    ];
    expect((await rowsHolding([x.user.id])).length).toBeGreaterThan(columns.length);

    await (await h.withToken(x.token)).account.terminate({ password: TEST_PASSWORD, confirm: true });

    expect(await rowsHolding(needles)).toEqual([]);
    // the report they made stays in the consultants' queue, its author a deleted member and their words gone
    const queue = await staff.caller.moderation.list({ status: 'open' });
    expect(queue.data.find((report) => report._id === theirReport._id)).toMatchObject({
      reason: 'scam',
      details: '',
      reporter: null,
      reported: { _id: blocked.user.id },
    });
    // the others are still there, and what they did stays theirs
    const others = await handle.db
      .selectFrom('users')
      .select('id')
      .where('id', 'in', [friend.user.id, admirer.user.id, blocked.user.id, blocker.user.id, staff.user.id])
      .execute();
    expect(others).toHaveLength(5);
    // the audit trail keeps every event, the member replaced by one tombstone id that names no user
    const erased = await handle.db
      .selectFrom('audit_log')
      .select(['actor_id', 'target_id', 'details'])
      .where('action', '=', 'account.erased')
      .execute();
    expect(erased).toEqual([{ actor_id: null, target_id: expect.any(String), details: {} }]);
    const tombstone = erased[0]!.target_id!;
    expect(await handle.db.selectFrom('users').select('id').where('id', '=', tombstone).execute()).toEqual(
      [],
    );
    const trail = await handle.db
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('action', 'in', ['member.blocked', 'report.dismissed', 'introduction.note', 'consent.granted'])
      .orderBy('id')
      .execute();
    expect(trail.filter((row) => row.action === 'member.blocked')).toEqual([
      { action: 'member.blocked', target_id: blocked.user.id },
      { action: 'member.blocked', target_id: tombstone },
    ]);
    expect(trail.filter((row) => row.action === 'introduction.note')).toHaveLength(3);
    expect(trail.filter((row) => row.action === 'report.dismissed')).toHaveLength(1);
    // their own actions name the tombstone instead of them
    const theirs = await handle.db
      .selectFrom('audit_log')
      .select('action')
      .where(sql<boolean>`details->>'erased_actor' = ${tombstone}`)
      .execute();
    expect(theirs.map((row) => row.action)).toEqual(
      expect.arrayContaining(['consent.granted', 'member.blocked']),
    );
  });
});
