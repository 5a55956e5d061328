import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { FRIEND_REQUESTS_PER_24H, SPECIAL_CATEGORY_CONSENT } from '@rhema/schemas';
import { dateOfBirthForAge, seedContent } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, rejection, TEST_PASSWORD } from '../../test/harness';
import { sql } from 'kysely';

// Self-matching: communities, the members list, friend requests with the 24-hour limit, block, report
// and the moderation queue, through the procedures on a real database (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set).

const HOUR = 3_600_000;

describe('self-matching: communities, members, friend requests, block and report', () => {
  let handle: DbHandle;
  let h: ReturnType<typeof createHarness>;
  let n = 0;
  beforeAll(async () => {
    handle = await createTestDb();
    await seedContent(handle.db);
    h = createHarness(handle.db);
  });
  afterAll(() => handle.close());

  /** a signed-in member with a unique first name, so lists can be searched by it */
  async function member(options: Parameters<typeof h.signedIn>[0] = {}) {
    n += 1;
    const first = options.first_name ?? `Member${n}`;
    const { user, token } = await h.signedIn({
      email: `social-${n}@example.test`,
      first_name: first,
      ...options,
    });
    return { user, caller: await h.withToken(token), token };
  }

  /** aged exactly `age` on the harness clock's day (a birthday today) */
  const bornAged = (age: number) => dateOfBirthForAge(age, 0, h.clock.now);

  const names = (list: { first_name: string }[]) => list.map((p) => p.first_name);

  it('lists communities by kind, joins and leaves them, and shows them as organisations', async () => {
    const me = await member({ first_name: 'Joiner' });
    const all = await me.caller.communities.list();
    expect(all.length).toBeGreaterThanOrEqual(12);
    expect(new Set(all.map((c) => c.kind))).toEqual(new Set(['interest', 'faith', 'professional']));
    const faith = await me.caller.communities.list({ kind: 'faith' });
    expect(faith.every((c) => c.kind === 'faith')).toBe(true);

    // an interest community: a faith one also needs the special-category consent (faith-communities.int.test.ts)
    const interest = all.find((c) => c.kind === 'interest')!;
    const slug = interest.slug;
    const before = interest.member_count;
    expect(await me.caller.communities.join({ slug })).toEqual({ joined: true, member_count: before + 1 });
    // joining twice changes nothing
    expect(await me.caller.communities.join({ slug })).toEqual({ joined: true, member_count: before + 1 });
    const page = await me.caller.communities.get({ slug });
    expect(page.community).toMatchObject({ slug, joined: true, description: expect.any(String) });

    const other = await member();
    const seen = await other.caller.members.get({ id: me.user.id });
    expect(seen.profile.organisations).toEqual([{ name: interest.name }]);
    const onPage = await other.caller.communities.get({ slug });
    expect(names(onPage.members.data)).toContain('Joiner');

    expect(await me.caller.communities.leave({ slug })).toEqual({ joined: false, member_count: before });
    expect((await rejection(me.caller.communities.get({ slug: 'no-such-community' }))).status).toBe(404);
  });

  it('filters the members list by community, country, age and gender, and pages it', async () => {
    const viewer = await member();
    const slug = 'tech-and-product';
    await member({
      first_name: 'Filtera',
      gender: 'male',
      country_code: 'GH',
      date_of_birth: bornAged(33),
      communities: [slug],
    });
    await member({
      first_name: 'Filterb',
      gender: 'female',
      country_code: 'GH',
      age: 45,
      communities: [slug],
    });
    await member({
      first_name: 'Filterc',
      gender: 'female',
      country_code: 'NG',
      date_of_birth: bornAged(33),
    });

    const byCommunity = await viewer.caller.members.list({ community: slug });
    expect(names(byCommunity.data)).toEqual(expect.arrayContaining(['Filtera', 'Filterb']));
    expect(names(byCommunity.data)).not.toContain('Filterc');
    const ghMen = await viewer.caller.members.list({ country_code: 'GH', gender: 'male' });
    expect(names(ghMen.data)).toContain('Filtera');
    expect(names(ghMen.data)).not.toContain('Filterb');
    const ages = await viewer.caller.members.list({ country_code: 'GH', min_age: 40, max_age: 50 });
    expect(names(ages.data)).toEqual(['Filterb']);
    expect(ages.data[0]).not.toHaveProperty('account_email');
    expect(ages.data[0]).not.toHaveProperty('international_phone_number');
    expect(JSON.stringify(ages)).not.toContain('@example.test');
    // exactly 33 on the day: both ends are inclusive
    const exact = await viewer.caller.members.list({ country_code: 'GH', min_age: 33, max_age: 33 });
    expect(names(exact.data)).toEqual(['Filtera']);

    const refused = await rejection(viewer.caller.members.list({ min_age: 50, max_age: 40 }));
    expect(refused).toMatchObject({ status: 400, field: 'min_age' });

    for (let i = 0; i < 14; i++) await h.user({ country_code: 'CA' });
    const first = await viewer.caller.members.list({ country_code: 'CA' });
    expect(first.data).toHaveLength(12);
    expect(first.paginator).toMatchObject({ currentPage: 1, hasPrevPage: false, hasNextPage: true });
    const second = await viewer.caller.members.list({ country_code: 'CA', page: 2 });
    expect(second.data).toHaveLength(2);
    expect(second.paginator).toMatchObject({ currentPage: 2, pageCount: 2, hasNextPage: false });
    const overlap = second.data.filter((p) => first.data.some((q) => q._id === p._id));
    expect(overlap).toEqual([]);
  });

  it('never lists hidden, suspended, terminated or staff accounts, nor the viewer', async () => {
    const viewer = await member({ first_name: 'Viewerself', country_code: 'ZA' });
    await member({ first_name: 'Visibleone', country_code: 'ZA' });
    await member({ first_name: 'Hiddenone', country_code: 'ZA', profile_visibility: 'hidden' });
    await h.user({ first_name: 'Suspendedone', country_code: 'ZA', status: 'suspended' });
    await h.user({ first_name: 'Terminatedone', country_code: 'ZA', status: 'terminated' });
    await member({ first_name: 'Staffone', country_code: 'ZA', role: 'consultant' });
    const listed = names((await viewer.caller.members.list({ country_code: 'ZA' })).data);
    expect(listed).toEqual(['Visibleone']);
  });

  it('sends, accepts, declines and cancels friend requests, with the right parties only', async () => {
    const a = await member({ first_name: 'Asker' });
    const b = await member({ first_name: 'Bidder' });
    const c = await member({ first_name: 'Caller' });

    const sent = await a.caller.friends.send({ user_id: b.user.id });
    expect(sent.request.status).toBe('pending');
    // a repeat answers the same request and spends nothing
    const again = await a.caller.friends.send({ user_id: b.user.id });
    expect(again.request._id).toBe(sent.request._id);
    expect(again.quota.used).toBe(1);
    expect((await rejection(b.caller.friends.send({ user_id: a.user.id }))).status).toBe(409);

    // only the addressee answers; a stranger gets the same 404 as an unknown id
    expect((await rejection(a.caller.friends.accept({ request_id: sent.request._id }))).status).toBe(404);
    expect((await rejection(c.caller.friends.accept({ request_id: sent.request._id }))).status).toBe(404);
    expect((await b.caller.members.get({ id: a.user.id })).relation.state).toBe('incoming');
    expect((await b.caller.friends.overview()).incoming.map((e) => e.member.first_name)).toEqual(['Asker']);
    expect((await b.caller.friends.accept({ request_id: sent.request._id })).status).toBe('accepted');
    expect((await b.caller.friends.accept({ request_id: sent.request._id })).status).toBe('accepted');
    expect((await rejection(b.caller.friends.decline({ request_id: sent.request._id }))).status).toBe(409);
    expect((await a.caller.members.get({ id: b.user.id })).relation.state).toBe('friends');
    expect((await a.caller.friends.overview()).friends.map((e) => e.member.first_name)).toEqual(['Bidder']);

    const toC = await a.caller.friends.send({ user_id: c.user.id });
    expect((await c.caller.friends.decline({ request_id: toC.request._id })).status).toBe('declined');
    const toC2 = await a.caller.friends.send({ user_id: c.user.id });
    expect((await a.caller.friends.cancel({ request_id: toC2.request._id })).status).toBe('cancelled');
    expect((await rejection(c.caller.friends.accept({ request_id: toC2.request._id }))).status).toBe(409);
  });

  it(`allows ${FRIEND_REQUESTS_PER_24H} requests in any 24 hours, says how many are left and when it resets`, async () => {
    const sender = await member({ first_name: 'Sender' });
    const targets = [];
    for (let i = 0; i <= FRIEND_REQUESTS_PER_24H + 1; i++) targets.push(await member());
    const firstAt = new Date(h.clock.now);
    for (let i = 0; i < FRIEND_REQUESTS_PER_24H; i++) {
      const result = await sender.caller.friends.send({ user_id: targets[i]!.user.id });
      expect(result.quota.remaining).toBe(FRIEND_REQUESTS_PER_24H - i - 1);
      h.advance(HOUR);
    }
    const quota = await sender.caller.friends.quota();
    expect(quota).toEqual({
      limit: FRIEND_REQUESTS_PER_24H,
      used: FRIEND_REQUESTS_PER_24H,
      remaining: 0,
      resets_at: new Date(firstAt.getTime() + 24 * HOUR).toISOString(),
    });
    const over = await rejection(
      sender.caller.friends.send({ user_id: targets[FRIEND_REQUESTS_PER_24H]!.user.id }),
    );
    expect(over.status).toBe(429);
    expect(over.retryAfter).toBe((24 - FRIEND_REQUESTS_PER_24H) * 3600);
    // cancelling does not give the slot back
    const overview = await sender.caller.friends.overview();
    await sender.caller.friends.cancel({ request_id: overview.outgoing[0]!._id });
    expect(
      (await rejection(sender.caller.friends.send({ user_id: targets[FRIEND_REQUESTS_PER_24H]!.user.id })))
        .status,
    ).toBe(429);

    // once the first request is 24 hours old, one slot frees
    h.clock.now = new Date(firstAt.getTime() + 24 * HOUR + 1);
    const next = await sender.caller.friends.send({ user_id: targets[FRIEND_REQUESTS_PER_24H]!.user.id });
    expect(next.quota.remaining).toBe(0);
    expect(
      (
        await rejection(
          sender.caller.friends.send({ user_id: targets[FRIEND_REQUESTS_PER_24H + 1]!.user.id }),
        )
      ).status,
    ).toBe(429);
  });

  it('holds the limit when requests are sent in parallel', async () => {
    const sender = await member();
    const targets = [];
    for (let i = 0; i < FRIEND_REQUESTS_PER_24H + 5; i++) targets.push(await member());
    const results = await Promise.allSettled(
      targets.map((t) => sender.caller.friends.send({ user_id: t.user.id })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(FRIEND_REQUESTS_PER_24H);
  });

  it('a block hides both members from each other at once: list, profile, requests', async () => {
    const a = await member({ first_name: 'Blocker', country_code: 'IE' });
    const b = await member({ first_name: 'Blocked', country_code: 'IE' });
    const friend = await a.caller.friends.send({ user_id: b.user.id });
    await b.caller.friends.accept({ request_id: friend.request._id });
    expect(names((await a.caller.members.list({ country_code: 'IE' })).data)).toEqual(['Blocked']);

    expect(await a.caller.safety.block({ user_id: b.user.id })).toEqual({ blocked: true });
    for (const [viewer, other] of [
      [a, b],
      [b, a],
    ] as const) {
      expect(names((await viewer.caller.members.list({ country_code: 'IE' })).data)).toEqual([]);
      expect((await rejection(viewer.caller.members.get({ id: other.user.id }))).status).toBe(404);
      expect((await rejection(viewer.caller.friends.send({ user_id: other.user.id }))).status).toBe(404);
      const overview = await viewer.caller.friends.overview();
      expect([...overview.friends, ...overview.incoming, ...overview.outgoing]).toEqual([]);
    }
    expect(await a.caller.safety.blocked()).toEqual([expect.objectContaining({ first_name: 'Blocked' })]);
    const audit = await handle.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('target_id', '=', b.user.id)
      .execute();
    expect(audit).toEqual([{ action: 'member.blocked', actor_id: a.user.id }]);

    // unblocking shows them again, but the friendship is over
    await a.caller.safety.unblock({ user_id: b.user.id });
    expect((await a.caller.members.get({ id: b.user.id })).relation.state).toBe('none');
  });

  it('reports go to the staff queue; dismiss and suspend are audited and suspension ends sessions', async () => {
    const reporter = await member({ first_name: 'Reporter' });
    const bad = await member({ first_name: 'Wrongdoer' });
    const meh = await member({ first_name: 'Harmless' });
    const staff = await member({ role: 'consultant' });

    const first = await reporter.caller.safety.report({
      user_id: bad.user.id,
      reason: 'scam',
      details: 'Asked me for money twice',
      source: 'thread',
    });
    expect(first.status).toBe('open');
    h.advance(1000);
    const second = await reporter.caller.safety.report({ user_id: meh.user.id, reason: 'other' });
    expect(
      (await rejection(reporter.caller.safety.report({ user_id: bad.user.id, reason: 'nope' as never })))
        .status,
    ).toBe(400);
    expect(await rejection(reporter.caller.moderation.list({}))).toMatchObject({ status: 403 });

    const queue = await staff.caller.moderation.list({});
    const mine = queue.data.filter((r) => r.reporter?._id === reporter.user.id);
    expect(mine.map((r) => r.reported.first_name)).toEqual(['Wrongdoer', 'Harmless']);
    expect(mine[0]).toMatchObject({ reason: 'scam', details: 'Asked me for money twice', source: 'thread' });

    await staff.caller.moderation.dismiss({ report_id: second._id, note: 'Nothing wrong' });
    expect(await rejection(staff.caller.moderation.dismiss({ report_id: second._id }))).toMatchObject({
      status: 409,
    });
    expect(
      await rejection(staff.caller.moderation.suspend({ report_id: first._id, reason: '' })),
    ).toMatchObject({
      status: 400,
      field: 'reason',
    });
    await staff.caller.moderation.suspend({ report_id: first._id, reason: 'Asked members for money' });

    // the suspended member is signed out everywhere, cannot sign in, and is gone from the list
    expect((await rejection((await h.withToken(bad.token)).auth.me())).status).toBe(401);
    expect((await rejection(reporter.caller.members.get({ id: bad.user.id }))).status).toBe(404);
    const closed = await staff.caller.moderation.list({ status: 'suspended' });
    expect(closed.data.find((r) => r._id === first._id)).toMatchObject({
      resolution: 'Asked members for money',
      reported: expect.objectContaining({ status: 'suspended' }),
    });
    const audit = await handle.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'details'])
      .where('action', 'in', ['member.suspended', 'report.dismissed'])
      .where('actor_id', '=', staff.user.id)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'report.dismissed', actor_id: staff.user.id, details: { note: 'Nothing wrong' } },
      {
        action: 'member.suspended',
        actor_id: staff.user.id,
        details: expect.objectContaining({ reason: 'Asked members for money', report_id: first._id }),
      },
    ]);
  });

  it('refuses anonymous callers', async () => {
    for (const call of [
      () => h.anonymous().members.list({}),
      () => h.anonymous().communities.list(),
      () => h.anonymous().friends.overview(),
    ]) {
      expect(await rejection(call())).toMatchObject({ status: 401 });
    }
  });
});

describe('self-matching data in the export and the erase', () => {
  let handle: DbHandle;
  let h: ReturnType<typeof createHarness>;
  beforeAll(async () => {
    handle = await createTestDb();
    await seedContent(handle.db);
    h = createHarness(handle.db);
  });
  afterAll(() => handle.close());

  async function socialMember(email: string, first: string) {
    const { user, token } = await h.signedIn({ email, first_name: first, communities: ['tech-and-product'] });
    return { user, token, caller: await h.withToken(token) };
  }

  async function messageBetween(from: string, to: string, body: string) {
    await handle.db.insertInto('messages').values({ sender_id: from, recipient_id: to, body }).execute();
  }

  it('exports memberships, friendships, messages, reports made and blocks', async () => {
    const me = await socialMember('export-social@example.test', 'Exporter');
    const friend = await socialMember('export-friend@example.test', 'Friendly');
    const other = await socialMember('export-other@example.test', 'Otherone');
    const sent = await me.caller.friends.send({ user_id: friend.user.id });
    await friend.caller.friends.accept({ request_id: sent.request._id });
    await messageBetween(me.user.id, friend.user.id, 'Hello from the exporter');
    await messageBetween(friend.user.id, me.user.id, 'Hello back');
    await me.caller.safety.report({ user_id: other.user.id, reason: 'other', details: 'Odd messages' });
    await me.caller.safety.block({ user_id: other.user.id });

    const { data } = await me.caller.account.exportData();
    expect(data.communities).toEqual([expect.objectContaining({ name: 'Tech & Product People' })]);
    expect(data.friendships).toEqual([
      expect.objectContaining({ direction: 'sent', status: 'accepted', other_first_name: 'Friendly' }),
    ]);
    expect(data.messages).toEqual([
      expect.objectContaining({ direction: 'sent', body: 'Hello from the exporter' }),
      expect.objectContaining({ direction: 'received', body: 'Hello back', other_first_name: 'Friendly' }),
    ]);
    expect(data.reportsMade).toEqual([
      expect.objectContaining({ reason: 'other', details: 'Odd messages', reported_first_name: 'Otherone' }),
    ]);
    expect(data.blocks).toEqual([expect.objectContaining({ blocked_first_name: 'Otherone' })]);
    // of others, nothing but the first name
    const text = JSON.stringify(data);
    for (const secret of ['export-friend@example.test', 'export-other@example.test', friend.user.id]) {
      expect(text).not.toContain(secret);
    }
  });

  it("an erase leaves no row of the member's in any table read from the database", async () => {
    const me = await socialMember('erase-social@example.test', 'Eraser');
    const friend = await socialMember('erase-friend@example.test', 'Stayer');
    const staff = await h.signedIn({ email: 'erase-staff@example.test', role: 'consultant' });
    const sent = await me.caller.friends.send({ user_id: friend.user.id });
    await friend.caller.friends.accept({ request_id: sent.request._id });
    await messageBetween(me.user.id, friend.user.id, 'A message the eraser wrote');
    await messageBetween(friend.user.id, me.user.id, 'A message the eraser received');
    await me.caller.safety.report({
      user_id: friend.user.id,
      reason: 'other',
      details: 'Made by the eraser',
    });
    const against = await friend.caller.safety.report({ user_id: me.user.id, reason: 'scam' });
    await (await h.withToken(staff.token)).moderation.dismiss({ report_id: against._id, note: 'fine' });
    await friend.caller.safety.block({ user_id: me.user.id });
    await me.caller.communities.join({
      slug: 'catholic-singles',
      special_consent_text_version: SPECIAL_CATEGORY_CONSENT.textVersion,
    });

    await me.caller.account.terminate({ password: TEST_PASSWORD, confirm: true });

    const needles = [me.user.id, 'erase-social@example.test', 'A message the eraser', 'Made by the eraser'];
    const tables = await handle.db.introspection.getTables();
    expect(tables.map((t) => t.name)).toEqual(
      expect.arrayContaining(['friend_requests', 'blocks', 'reports', 'messages', 'community_memberships']),
    );
    for (const table of tables) {
      const { rows } = await sql<{ row: string }>`select row_to_json(t)::text as row from ${sql.table(
        table.name,
      )} t`.execute(handle.db);
      for (const { row } of rows) {
        for (const needle of needles) {
          expect(row.includes(needle), `${table.name} still holds ${needle}: ${row}`).toBe(false);
        }
      }
    }
    // the other member keeps their account and their own audit trail
    expect((await friend.caller.friends.overview()).friends).toEqual([]);
  });
});
