import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { seedContent, seedEvent, type SeedEventOptions } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, rejection, TEST_PASSWORD } from '../../test/harness';

// Events through the procedures on a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): the
// places taken by a conditional update under parallel RSVPs, the waitlist and its promotion, check-in once, who may
// come, and the private, mutual "we met" window (docs/decisions/181-event-places-and-waitlist.md).

const HOUR = 3_600_000;

describe('events: places, waitlist, check-in and "we met"', () => {
  let handle: DbHandle;
  let h: ReturnType<typeof createHarness>;
  let n = 0;
  beforeAll(async () => {
    handle = await createTestDb();
    await seedContent(handle.db);
    h = createHarness(handle.db);
  });
  afterAll(() => handle.close());

  const member = (options: Parameters<typeof h.as>[1] = {}) =>
    h.as('member', { first_name: `Guest${++n}`, email: `event-guest-${n}@example.test`, ...options });
  const event = (options: SeedEventOptions = {}) =>
    seedEvent(handle.db, { starts_at: new Date(h.clock.now.getTime() + 48 * HOUR), ...options });

  it('gives 10 places to 50 parallel RSVPs and puts the other 40 on the waitlist, each once, in arrival order', async () => {
    const id = await event({ capacity: 10 });
    const guests = await Promise.all(Array.from({ length: 50 }, () => member()));
    const answers = await Promise.all(guests.map((g) => g.caller.events.rsvp({ id })));
    const confirmed = answers.filter((a) => a.my_rsvp?.status === 'confirmed');
    const waitlisted = answers.filter((a) => a.my_rsvp?.status === 'waitlisted');
    expect(confirmed).toHaveLength(10);
    expect(waitlisted).toHaveLength(40);
    expect(new Set(confirmed.map((a) => a.my_rsvp!.check_in_code)).size).toBe(10);

    const staff = await h.as('consultant');
    const detail = await staff.caller.adminEvents.get({ id });
    expect(detail.event).toMatchObject({ confirmed: 10, waitlisted: 40, places_left: 0 });
    // the waitlist is the order the RSVPs took the event's lock: positions 1..40, each once, as each member reads it
    const positions = await Promise.all(
      guests.map(async (g) => (await g.caller.events.get({ id })).my_rsvp!.waitlist_position),
    );
    expect(positions.filter((p) => p !== null).sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    const listed = detail.attendees.filter((a) => a.status === 'waitlisted');
    for (const attendee of listed) {
      const g = guests.findIndex((x) => x.user.id === attendee.user._id);
      expect(positions[g]).toBe(attendee.waitlist_position);
    }
    // answering again changes nothing
    const again = await guests[0]!.caller.events.rsvp({ id });
    expect(again.my_rsvp).toEqual(answers[0]!.my_rsvp);
    // seeding 50 members and their 100 calls take PGlite's one connection in turn: past the default 30 s on a busy machine
  }, 120_000);

  it('promotes the first on the waitlist when a place is given back, and tells them by email', async () => {
    const id = await event({ capacity: 2, title: 'Jazz and small plates' });
    const [a, b, c, d] = await Promise.all([member(), member(), member(), member()]);
    for (const g of [a!, b!, c!, d!]) await g.caller.events.rsvp({ id });
    expect((await c!.caller.events.get({ id })).my_rsvp).toMatchObject({
      status: 'waitlisted',
      waitlist_position: 1,
    });
    expect((await d!.caller.events.get({ id })).my_rsvp).toMatchObject({
      status: 'waitlisted',
      waitlist_position: 2,
    });

    const left = await a!.caller.events.cancelRsvp({ id });
    expect(left.my_rsvp?.status).toBe('cancelled');
    const promoted = (await c!.caller.events.get({ id })).my_rsvp!;
    expect(promoted.status).toBe('confirmed');
    expect(promoted.check_in_code).toMatch(/^[A-Z2-9]{8}$/);
    expect(h.mailer.messages.findLast((m) => m.to === c!.user.email)?.subject).toBe(
      'You have a place: Jazz and small plates',
    );
    expect((await d!.caller.events.get({ id })).my_rsvp?.waitlist_position).toBe(1);
    // cancelling twice is the same as once; answering again joins the end of the waitlist
    await a!.caller.events.cancelRsvp({ id });
    expect((await a!.caller.events.rsvp({ id })).my_rsvp).toMatchObject({
      status: 'waitlisted',
      waitlist_position: 2,
    });
    // a waitlisted member leaving frees no place
    await d!.caller.events.cancelRsvp({ id });
    expect((await a!.caller.events.get({ id })).my_rsvp?.waitlist_position).toBe(1);
    expect((await a!.caller.events.get({ id })).places_left).toBe(0);
  });

  it('gives the place of a member who erases their account to the first on the waitlist', async () => {
    const id = await event({ capacity: 1, title: 'Supper club' });
    const a = await member();
    const b = await member();
    await a.caller.events.rsvp({ id });
    expect((await b.caller.events.rsvp({ id })).my_rsvp?.status).toBe('waitlisted');
    await a.caller.account.terminate({ password: TEST_PASSWORD, confirm: true });
    expect((await b.caller.events.get({ id })).my_rsvp?.status).toBe('confirmed');
    expect(h.mailer.messages.findLast((m) => m.to === b.user.email)?.subject).toBe(
      'You have a place: Supper club',
    );
    const staff = await h.as('consultant');
    expect((await staff.caller.adminEvents.get({ id })).event).toMatchObject({
      confirmed: 1,
      waitlisted: 0,
      places_left: 0,
    });
  });

  it('checks a guest in once by their code; a used or unknown code is refused; members cannot check in', async () => {
    const id = await event();
    const guest = await member();
    const code = (await guest.caller.events.rsvp({ id })).my_rsvp!.check_in_code!;
    const staff = await h.as('consultant');
    const checked = await staff.caller.adminEvents.checkIn({ id, code: ` ${code.toLowerCase()} ` });
    expect(checked).toMatchObject({ user: { _id: guest.user.id }, status: 'confirmed' });
    expect(checked.checked_in_at).not.toBeNull();
    const twice = await rejection(staff.caller.adminEvents.checkIn({ id, code }));
    expect(twice).toMatchObject({ status: 409, field: 'code' });
    expect(twice.message).toContain('already checked in');
    expect((await rejection(staff.caller.adminEvents.checkIn({ id, code: 'ZZZZZZZZ' }))).status).toBe(404);
    // the same code at another event is unknown there
    const other = await event();
    expect((await rejection(staff.caller.adminEvents.checkIn({ id: other, code }))).status).toBe(404);
    expect((await rejection(guest.caller.adminEvents.checkIn({ id, code }))).status).toBe(403);
    expect((await guest.caller.events.get({ id })).my_rsvp?.checked_in_at).not.toBeNull();
    expect((await rejection(guest.caller.events.cancelRsvp({ id }))).status).toBe(409);
  });

  it('lets only verified members, or a community’s members, come to events for them; drafts stay hidden', async () => {
    const verifiedOnly = await event({ audience: 'verified' });
    const plain = await member();
    const listed = (await plain.caller.events.list({})).data.find((e) => e._id === verifiedOnly)!;
    expect(listed).toMatchObject({ may_attend: false });
    expect(listed.may_not_attend_reason).toContain('verified');
    expect(await rejection(plain.caller.events.rsvp({ id: verifiedOnly }))).toMatchObject({ status: 403 });
    const verified = await member({ identity_verified_at: h.clock.now });
    expect((await verified.caller.events.rsvp({ id: verifiedOnly })).my_rsvp?.status).toBe('confirmed');

    const community = await handle.db
      .selectFrom('communities')
      .select(['id', 'slug'])
      .orderBy('slug')
      .executeTakeFirstOrThrow();
    const forCommunity = await event({ audience: 'community', community_id: community.id });
    expect((await rejection(plain.caller.events.rsvp({ id: forCommunity }))).status).toBe(403);
    const insider = await member({ communities: [community.slug] });
    expect((await insider.caller.events.rsvp({ id: forCommunity })).my_rsvp?.status).toBe('confirmed');

    const draft = await event({ status: 'draft' });
    expect((await rejection(plain.caller.events.get({ id: draft }))).status).toBe(404);
    expect((await rejection(plain.caller.events.rsvp({ id: draft }))).status).toBe(404);
    expect((await plain.caller.events.list({})).data.some((e) => e._id === draft)).toBe(false);
  });

  it('lets staff create, publish, edit and cancel an event; cancelling tells every guest and the waitlist', async () => {
    const staff = await h.as('consultant');
    const start = new Date(h.clock.now.getTime() + 72 * HOUR);
    const form = {
      title: 'Wine tasting',
      city: 'Bristol',
      venue: 'The Cellar, 3 Queen Square',
      starts_at: start.toISOString(),
      ends_at: new Date(start.getTime() + 2 * HOUR).toISOString(),
      capacity: 1,
      description: 'Six wines, one sommelier.',
      image_url: null,
      audience: 'everyone' as const,
      community_id: null,
    };
    const created = await staff.caller.adminEvents.create(form);
    expect(created.event.status).toBe('draft');
    const id = created.event._id;
    const guest = await member();
    expect((await rejection(guest.caller.events.rsvp({ id }))).status).toBe(404);
    await staff.caller.adminEvents.publish({ id });
    const [first, second] = [guest, await member()];
    await first.caller.events.rsvp({ id });
    await second.caller.events.rsvp({ id });
    expect((await second.caller.events.get({ id })).my_rsvp?.status).toBe('waitlisted');
    // one more place promotes the waitlist; fewer places than confirmed guests is refused
    await staff.caller.adminEvents.update({ id, form: { ...form, capacity: 2 } });
    expect((await second.caller.events.get({ id })).my_rsvp?.status).toBe('confirmed');
    expect(
      (await rejection(staff.caller.adminEvents.update({ id, form: { ...form, capacity: 1 } }))).status,
    ).toBe(409);
    expect(
      (await rejection(staff.caller.adminEvents.create({ ...form, ends_at: form.starts_at }))).field,
    ).toBe('ends_at');

    const cancelled = await staff.caller.adminEvents.cancel({ id });
    expect(cancelled.event.status).toBe('cancelled');
    for (const g of [first, second]) {
      expect(h.mailer.messages.findLast((m) => m.to === g.user.email)?.subject).toBe(
        'Cancelled: Wine tasting',
      );
    }
    expect((await rejection(member().then((m) => m.caller.events.rsvp({ id })))).status).toBe(409);
  });

  it('sends a mutual "we met" to the consultants, privately, only in the 72 hours after the event', async () => {
    const starts = new Date(h.clock.now.getTime() + 2 * HOUR);
    const id = await event({
      starts_at: starts,
      ends_at: new Date(starts.getTime() + 2 * HOUR),
      title: 'Quiz night',
    });
    const [ada, ben, cy, absent] = await Promise.all([
      member({ first_name: 'Ada' }),
      member({ first_name: 'Ben' }),
      member({ first_name: 'Cy' }),
      member(),
    ]);
    const staff = await h.as('consultant');
    for (const g of [ada!, ben!, cy!, absent!]) await g.caller.events.rsvp({ id });
    for (const g of [ada!, ben!, cy!]) {
      const code = (await g.caller.events.get({ id })).my_rsvp!.check_in_code!;
      await staff.caller.adminEvents.checkIn({ id, code });
    }
    // during the event: not yet
    expect(
      (await rejection(ada!.caller.events.chooseMeetAgain({ id, user_ids: [ben!.user.id] }))).status,
    ).toBe(409);
    h.advance(5 * HOUR);
    expect((await rejection(absent!.caller.events.meetAgain({ id }))).status).toBe(403);
    const list = await ada!.caller.events.meetAgain({ id });
    expect(list.open).toBe(true);
    expect(list.attendees.map((a) => a.member.first_name).sort()).toEqual(['Ben', 'Cy']);
    // someone who was not there cannot be named
    expect(
      (await rejection(ada!.caller.events.chooseMeetAgain({ id, user_ids: [absent!.user.id] }))).field,
    ).toBe('user_ids');

    const queue = async () =>
      (await staff.caller.admin.matchRequests({ status: 'open' })).data.filter((r) => r.event?._id === id);
    await ada!.caller.events.chooseMeetAgain({ id, user_ids: [ben!.user.id, cy!.user.id] });
    expect(await queue()).toEqual([]);
    // Ben sees only his own (empty) choices: Ada's stay private
    expect((await ben!.caller.events.meetAgain({ id })).attendees.every((a) => !a.chosen)).toBe(true);
    await ben!.caller.events.chooseMeetAgain({ id, user_ids: [ada!.user.id] });
    const requests = await queue();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      requester: { _id: ada!.user.id },
      member: { _id: ben!.user.id },
      event: { _id: id, title: 'Quiz night' },
    });
    // neither member's own list shows it, and it takes nothing from their allowance
    expect((await ada!.caller.matchRequests.list()).data).toEqual([]);
    expect((await ben!.caller.matchRequests.list()).quota.used).toBe(0);
    // saying it again makes no second request
    await ben!.caller.events.chooseMeetAgain({ id, user_ids: [ada!.user.id] });
    expect(await queue()).toHaveLength(1);

    h.advance(72 * HOUR);
    expect((await ada!.caller.events.meetAgain({ id })).open).toBe(false);
    expect(
      (await rejection(cy!.caller.events.chooseMeetAgain({ id, user_ids: [ada!.user.id] }))).status,
    ).toBe(409);
    expect(await queue()).toHaveLength(1);
  });

  it('lists the launch event’s confirmed guests who opted in, by first name and initial', async () => {
    const id = await event({ slug: 'launch', capacity: 1 });
    const shown = await member({ first_name: 'Ngozi', last_name: 'okafor' });
    const hidden = await member({ first_name: 'Hidden', last_name: 'Guest' });
    const waiting = await member({ first_name: 'Waiting', last_name: 'Guest' });
    await shown.caller.events.rsvp({ id, on_guest_list: true });
    await waiting.caller.events.rsvp({ id, on_guest_list: true });
    await hidden.caller.events.rsvp({ id });
    const list = await h.anonymous().events.guestList();
    expect(list.event?._id).toBe(id);
    expect(list.guests).toEqual(['Ngozi O.']);
    await shown.caller.events.setGuestList({ id, on_guest_list: false });
    expect((await h.anonymous().events.guestList()).guests).toEqual([]);
  });
});
