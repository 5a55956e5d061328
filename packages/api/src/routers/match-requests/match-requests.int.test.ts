import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { MATCH_REQUESTS_PER_24H } from '@rhema/schemas';
import { seedContent } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, rejection } from '../../test/harness';

// A member asks the consultants for an introduction to a member they chose; the consultants create it or decline
// it with a note; an accepted introduction lets the two message each other. Through the procedures, on a real
// database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set).

const HOUR = 3_600_000;

describe('match requests: members ask the consultants for an introduction', () => {
  let handle: DbHandle;
  let h: ReturnType<typeof createHarness>;
  let n = 0;
  beforeAll(async () => {
    handle = await createTestDb();
    await seedContent(handle.db);
    h = createHarness(handle.db);
  });
  afterAll(() => handle.close());

  async function member(first_name = `Asker${++n}`) {
    return h.as('member', { first_name, email: `match-request-${++n}@example.test`, photos: 1 });
  }

  it('sends a request naming the member, shows their handle, and lists it to the member as waiting', async () => {
    const asker = await member('Ife');
    const chosen = await member('Tunde');
    const page = await asker.caller.members.get({ id: chosen.user.id });
    expect(page.profile.contact_reference).toBe(chosen.user.contact_reference);

    const sent = await asker.caller.matchRequests.create({ user_id: chosen.user.id });
    expect(sent.request).toMatchObject({
      status: 'open',
      status_label: 'Waiting for a consultant',
      note: null,
      member: { _id: chosen.user.id, first_name: 'Tunde' },
    });
    expect(sent.quota).toMatchObject({ limit: MATCH_REQUESTS_PER_24H, used: 1 });
    const mine = await asker.caller.matchRequests.list();
    expect(mine.data.map((r) => r._id)).toEqual([sent.request._id]);

    const staff = await h.as('consultant');
    const queue = await staff.caller.admin.matchRequests({ status: 'open' });
    const row = queue.data.find((r) => r._id === sent.request._id);
    expect(row).toMatchObject({ requester: { _id: asker.user.id }, member: { _id: chosen.user.id } });
    expect((await staff.caller.admin.consoleCounts()).requests_waiting).toBeGreaterThanOrEqual(1);
  });

  it('refuses a request for oneself, across a block either way, and a second open one for the same member', async () => {
    const asker = await member();
    const chosen = await member();
    expect(await rejection(asker.caller.matchRequests.create({ user_id: asker.user.id }))).toMatchObject({
      status: 400,
      field: 'user_id',
    });

    await asker.caller.matchRequests.create({ user_id: chosen.user.id });
    const again = await rejection(asker.caller.matchRequests.create({ user_id: chosen.user.id }));
    expect(again.status).toBe(409);
    expect(again.message).toContain('already asked');

    const blocker = await member();
    await blocker.caller.safety.block({ user_id: asker.user.id });
    expect((await rejection(asker.caller.matchRequests.create({ user_id: blocker.user.id }))).status).toBe(
      404,
    );
    const blocked = await member();
    await asker.caller.safety.block({ user_id: blocked.user.id });
    expect((await rejection(asker.caller.matchRequests.create({ user_id: blocked.user.id }))).status).toBe(
      404,
    );
    // a block after the request hides it from the member's list and the consultants cannot introduce them
    await asker.caller.safety.block({ user_id: chosen.user.id });
    expect((await asker.caller.matchRequests.list()).data).toEqual([]);
    const staff = await h.as('consultant');
    const open = await staff.caller.admin.matchRequests({ status: 'open' });
    const stale = open.data.find((r) => r.requester._id === asker.user.id)!;
    expect((await rejection(staff.caller.admin.introduceRequest({ request_id: stale._id }))).status).toBe(
      409,
    );
  });

  it(`allows ${MATCH_REQUESTS_PER_24H} requests in any 24 hours, then 429 with Retry-After until the oldest leaves`, async () => {
    const asker = await member();
    for (let i = 0; i < MATCH_REQUESTS_PER_24H; i++) {
      const other = await member();
      await asker.caller.matchRequests.create({ user_id: other.user.id });
      h.advance(HOUR);
    }
    const late = await member();
    const refused = await rejection(asker.caller.matchRequests.create({ user_id: late.user.id }));
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe((24 - MATCH_REQUESTS_PER_24H) * 3600);
    expect((await asker.caller.matchRequests.list()).quota.remaining).toBe(0);
    h.advance((24 - MATCH_REQUESTS_PER_24H) * HOUR + 1000);
    await expect(asker.caller.matchRequests.create({ user_id: late.user.id })).resolves.toBeTruthy();
  });

  it('a declined request shows the consultant’s note to the member; handling it again is a repeat or a conflict', async () => {
    const asker = await member();
    const chosen = await member();
    const { request } = await asker.caller.matchRequests.create({ user_id: chosen.user.id });
    const staff = await h.as('consultant');
    expect(
      (await rejection(staff.caller.admin.declineRequest({ request_id: request._id, note: '  ' }))).field,
    ).toBe('note');
    const note = 'Tunde is not looking for introductions at the moment.';
    const declined = await staff.caller.admin.declineRequest({ request_id: request._id, note });
    expect(declined).toMatchObject({ status: 'declined', note, handled_by: { _id: staff.user.id } });
    expect(await staff.caller.admin.declineRequest({ request_id: request._id, note })).toMatchObject({
      status: 'declined',
    });
    expect((await rejection(staff.caller.admin.introduceRequest({ request_id: request._id }))).status).toBe(
      409,
    );
    const [mine] = (await asker.caller.matchRequests.list()).data;
    expect(mine).toMatchObject({ status: 'declined', status_label: 'Declined', note });
    const handled = await staff.caller.admin.matchRequests({ status: 'handled' });
    expect(handled.data.map((r) => r._id)).toContain(request._id);
    // handled, the pair may ask again
    await expect(asker.caller.matchRequests.create({ user_id: chosen.user.id })).resolves.toBeTruthy();
    // members cannot use the console's procedures
    expect((await rejection(asker.caller.admin.matchRequests({ status: 'open' }))).status).toBe(403);
  });

  it('creates the introduction with the chosen member as its match; once accepted, the two may message', async () => {
    const asker = await member('Ngozi');
    const chosen = await member('Emeka');
    const { request } = await asker.caller.matchRequests.create({ user_id: chosen.user.id });
    const refusedBefore = await rejection(
      asker.caller.messages.send({ user_id: chosen.user.id, body: 'Hello Emeka' }),
    );
    expect(refusedBefore.status).toBe(403);

    const staff = await h.as('consultant');
    const introduced = await staff.caller.admin.introduceRequest({ request_id: request._id });
    expect(introduced).toMatchObject({ status: 'introduced', introduction_id: expect.any(String) });
    const matchId = introduced.introduction_id!;
    expect((await asker.caller.matchRequests.list()).data[0]).toMatchObject({
      status: 'introduced',
      introduction_id: matchId,
    });
    const [own] = (await asker.caller.introductions.list()).filter((i) => i._id === matchId);
    expect(own).toMatchObject({ role: 'owner', status: 'open', contact: { _id: chosen.user.id } });

    const subscription = await asker.caller.subscriptions.createPremium({ matchId });
    await staff.caller.subscriptions.confirm({ subscriptionId: subscription._id });
    await asker.caller.introductions.request({ matchId, message: 'I would love to meet you' });
    // requested is not accepted: still no messages
    expect(
      (await rejection(asker.caller.messages.send({ user_id: chosen.user.id, body: 'Hello' }))).status,
    ).toBe(403);
    await chosen.caller.introductions.accept({ matchId, message: 'Happy to talk' });

    const sent = await asker.caller.messages.send({ user_id: chosen.user.id, body: 'Hello Emeka' });
    expect(sent.body).toBe('Hello Emeka');
    await chosen.caller.messages.send({ user_id: asker.user.id, body: 'Hello Ngozi' });
    const thread = await chosen.caller.messages.thread({ user_id: asker.user.id });
    expect(thread.can_send).toBe(true);
    expect(thread.messages.map((m) => m.body)).toEqual(['Hello Emeka', 'Hello Ngozi']);
  });

  it('pairs in one step: the introduction is live, its history says Created once, then Match set and Activated', async () => {
    const asker = await member('Tobi');
    const chosen = await member('Kemi');
    const { request } = await asker.caller.matchRequests.create({ user_id: chosen.user.id });
    const staff = await h.as('consultant');
    const introduced = await staff.caller.admin.introduceRequest({ request_id: request._id });
    const { data } = await staff.caller.admin.userIntroductions({ userId: asker.user.id });
    const own = data.find((entry) => entry.introduction._id === introduced.introduction_id);
    expect(own?.introduction).toMatchObject({ status: 'open', is_active: true });
    expect(own?.history.map((entry) => entry.action)).toEqual([
      'introduction.register',
      'introduction.match',
      'introduction.activate',
    ]);
    // the owner sees it among their introductions, ready to request
    const [mine] = (await asker.caller.introductions.list()).filter(
      (i) => i._id === introduced.introduction_id,
    );
    expect(mine).toMatchObject({ status: 'open', contact: { _id: chosen.user.id } });
  });

  it('leaves the introduction switched off when asked to (activate: false)', async () => {
    const asker = await member('Segun');
    const chosen = await member('Ada');
    const { request } = await asker.caller.matchRequests.create({ user_id: chosen.user.id });
    const staff = await h.as('consultant');
    const introduced = await staff.caller.admin.introduceRequest({
      request_id: request._id,
      activate: false,
    });
    const { data } = await staff.caller.admin.userIntroductions({ userId: asker.user.id });
    const own = data.find((entry) => entry.introduction._id === introduced.introduction_id);
    expect(own?.introduction.is_active).toBe(false);
    expect(own?.history.map((entry) => entry.action)).toEqual([
      'introduction.register',
      'introduction.match',
    ]);
  });
});
