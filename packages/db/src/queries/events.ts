import { sql, type Transaction } from 'kysely';
import type { Database } from '../create-db';
import type { DB } from '../schema.gen';
import { blockedEitherWay } from './visibility';

// Events, their RSVPs and the "we met" choices (docs/decisions/181-event-places-and-waitlist.md). Every change to
// an event's places or waitlist runs with the event's row locked (the conditional update of takePlace, or
// lockEvent), always before any RSVP row, so parallel RSVPs and cancellations queue on one lock in one order.

type Trx = Transaction<DB>;

const EVENT_COLUMNS = [
  'e.id',
  'e.slug',
  'e.title',
  'e.city',
  'e.venue',
  'e.starts_at',
  'e.ends_at',
  'e.capacity',
  'e.description',
  'e.image_url',
  'e.audience',
  'e.community_id',
  'e.status',
  'e.confirmed_count',
  'c.name as community_name',
  'c.slug as community_slug',
] as const;

const RSVP_COLUMNS = [
  'id',
  'event_id',
  'user_id',
  'status',
  'arrival',
  'check_in_code',
  'checked_in_at',
  'on_guest_list',
  'created_at',
] as const;

export interface EventValues {
  title: string;
  city: string;
  venue: string;
  starts_at: Date;
  ends_at: Date;
  capacity: number;
  description: string;
  image_url: string | null;
  audience: string;
  community_id: string | null;
}

function events(db: Database) {
  return db.selectFrom('events as e').leftJoin('communities as c', 'c.id', 'e.community_id');
}

export type EventRow = NonNullable<Awaited<ReturnType<typeof findEvent>>>;

export async function findEvent(db: Database, id: string) {
  return events(db).select(EVENT_COLUMNS).where('e.id', '=', id).executeTakeFirst();
}

export async function findEventBySlug(db: Database, slug: string) {
  return events(db).select(EVENT_COLUMNS).where('e.slug', '=', slug).executeTakeFirst();
}

/** Published events that have not ended, soonest first, in one city (any case) or all. */
export async function listUpcoming(db: Database, options: { now: Date; city?: string | undefined }) {
  let query = events(db)
    .select(EVENT_COLUMNS)
    .where('e.status', '=', 'published')
    .where('e.ends_at', '>', options.now);
  if (options.city) query = query.where(sql<boolean>`lower(e.city) = lower(${options.city})`);
  return query.orderBy('e.starts_at').orderBy('e.id').limit(200).execute();
}

export async function upcomingCities(db: Database, now: Date) {
  const rows = await db
    .selectFrom('events')
    .select('city')
    .distinct()
    .where('status', '=', 'published')
    .where('ends_at', '>', now)
    .orderBy('city')
    .execute();
  return rows.map((r) => r.city);
}

/** The console's list: every event, the next ones first, then the past ones newest first. */
export async function listForStaff(db: Database, now: Date) {
  return events(db)
    .select([
      ...EVENT_COLUMNS,
      sql<string>`(SELECT count(*) FROM event_rsvps r WHERE r.event_id = e.id AND r.status = 'waitlisted')`.as(
        'waitlisted',
      ),
      sql<string>`(SELECT count(*) FROM event_rsvps r WHERE r.event_id = e.id AND r.checked_in_at IS NOT NULL)`.as(
        'checked_in',
      ),
    ])
    .orderBy(sql`e.ends_at < ${now}`)
    .orderBy(sql`CASE WHEN e.ends_at < ${now} THEN NULL ELSE e.starts_at END`)
    .orderBy('e.starts_at', 'desc')
    .limit(500)
    .execute();
}

export async function countsOf(db: Database, eventId: string) {
  const row = await db
    .selectFrom('event_rsvps')
    .select([
      sql<string>`count(*) FILTER (WHERE status = 'waitlisted')`.as('waitlisted'),
      sql<string>`count(*) FILTER (WHERE checked_in_at IS NOT NULL)`.as('checked_in'),
    ])
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow();
  return { waitlisted: Number(row.waitlisted), checked_in: Number(row.checked_in) };
}

export async function insertEvent(
  db: Database,
  values: EventValues & { slug?: string | null; status?: string; created_by: string | null; now: Date },
) {
  const { now, ...rest } = values;
  const row = await db
    .insertInto('events')
    .values({
      ...rest,
      created_at: now,
      updated_at: now,
      published_at: values.status === 'published' ? now : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateEvent(trx: Trx, id: string, values: EventValues & { now: Date }) {
  const { now, ...rest } = values;
  await trx
    .updateTable('events')
    .set({ ...rest, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** draft -> published; false when the event was not a draft. */
export async function publishEvent(db: Database, id: string, now: Date) {
  const result = await db
    .updateTable('events')
    .set({ status: 'published', published_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function cancelEvent(trx: Trx, id: string, now: Date) {
  await trx
    .updateTable('events')
    .set({ status: 'cancelled', cancelled_at: now, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Locks the event's row for the rest of the transaction (the one queue of its places and waitlist). */
export async function lockEvent(trx: Trx, id: string) {
  return trx
    .selectFrom('events')
    .select(['id', 'status', 'capacity', 'confirmed_count', 'starts_at', 'ends_at'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Takes one place with a conditional update: it succeeds only while a place is left on a published event that has
 * not started, and the row lock it takes makes parallel takers wait and re-check, so no more than `capacity` win.
 */
export async function takePlace(trx: Trx, options: { eventId: string; now: Date; places?: number }) {
  const places = options.places ?? 1;
  const row = await trx
    .updateTable('events')
    .set({ confirmed_count: sql`confirmed_count + ${places}` })
    .where('id', '=', options.eventId)
    .where('status', '=', 'published')
    .where('starts_at', '>', options.now)
    .where(sql<boolean>`confirmed_count + ${places} <= capacity`)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function releasePlace(trx: Trx, eventId: string) {
  await trx
    .updateTable('events')
    .set({ confirmed_count: sql`confirmed_count - 1` })
    .where('id', '=', eventId)
    .execute();
}

export type RsvpRow = NonNullable<Awaited<ReturnType<typeof findRsvp>>>;

export async function findRsvp(db: Database, options: { eventId: string; userId: string }) {
  return db
    .selectFrom('event_rsvps')
    .select([...RSVP_COLUMNS])
    .where('event_id', '=', options.eventId)
    .where('user_id', '=', options.userId)
    .executeTakeFirst();
}

/** The viewer's RSVPs to these events, by event id. */
export async function rsvpsOf(db: Database, options: { userId: string; eventIds: readonly string[] }) {
  if (options.eventIds.length === 0) return [];
  return db
    .selectFrom('event_rsvps')
    .select([...RSVP_COLUMNS])
    .where('user_id', '=', options.userId)
    .where('event_id', 'in', options.eventIds)
    .execute();
}

/** The member's RSVPs that are not cancelled, with their events, soonest first. */
export async function listUserEventIds(db: Database, userId: string) {
  const rows = await db
    .selectFrom('event_rsvps as r')
    .innerJoin('events as e', 'e.id', 'r.event_id')
    .select('e.id')
    .where('r.user_id', '=', userId)
    .where('r.status', '<>', 'cancelled')
    .where('e.status', '<>', 'draft')
    .orderBy('e.starts_at')
    .execute();
  return rows.map((r) => r.id);
}

/** 1 for the first on the waitlist. */
export async function waitlistPosition(db: Database, options: { eventId: string; arrival: string | number }) {
  const row = await db
    .selectFrom('event_rsvps')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('event_id', '=', options.eventId)
    .where('status', '=', 'waitlisted')
    .where('arrival', '<=', String(options.arrival))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A new RSVP, or a cancelled one answered again (it joins the end of the queue: a new arrival). Nothing when the
 * member already holds a place or a waitlist spot.
 */
export async function upsertRsvp(
  trx: Trx,
  options: {
    eventId: string;
    userId: string;
    status: 'confirmed' | 'waitlisted';
    checkInCode: string | null;
    onGuestList: boolean;
    now: Date;
  },
) {
  return trx
    .insertInto('event_rsvps')
    .values({
      event_id: options.eventId,
      user_id: options.userId,
      status: options.status,
      check_in_code: options.checkInCode,
      on_guest_list: options.onGuestList,
      created_at: options.now,
      updated_at: options.now,
    })
    .onConflict((oc) =>
      oc
        .columns(['event_id', 'user_id'])
        .doUpdateSet({
          status: options.status,
          check_in_code: options.checkInCode,
          on_guest_list: options.onGuestList,
          arrival: sql`nextval('event_rsvp_arrival_seq')`,
          checked_in_at: null,
          checked_in_by: null,
          updated_at: options.now,
        })
        .where('event_rsvps.status', '=', 'cancelled'),
    )
    .returning([...RSVP_COLUMNS])
    .executeTakeFirst();
}

export async function cancelRsvp(trx: Trx, options: { id: string; now: Date }) {
  await trx
    .updateTable('event_rsvps')
    .set({ status: 'cancelled', check_in_code: null, updated_at: options.now })
    .where('id', '=', options.id)
    .execute();
}

/** The first `limit` on the waitlist, in arrival order. */
export async function firstWaitlisted(trx: Trx, options: { eventId: string; limit: number }) {
  return trx
    .selectFrom('event_rsvps')
    .select(['id', 'user_id'])
    .where('event_id', '=', options.eventId)
    .where('status', '=', 'waitlisted')
    .orderBy('arrival')
    .limit(options.limit)
    .execute();
}

export async function confirmRsvp(trx: Trx, options: { id: string; checkInCode: string; now: Date }) {
  await trx
    .updateTable('event_rsvps')
    .set({ status: 'confirmed', check_in_code: options.checkInCode, updated_at: options.now })
    .where('id', '=', options.id)
    .execute();
}

export async function setGuestList(db: Database, options: { id: string; onGuestList: boolean; now: Date }) {
  await db
    .updateTable('event_rsvps')
    .set({ on_guest_list: options.onGuestList, updated_at: options.now })
    .where('id', '=', options.id)
    .execute();
}

/** Checks a confirmed place in once (a conditional update); undefined when the code is unknown or already used. */
export async function checkIn(
  db: Database,
  options: { eventId: string; code: string; staffId: string; now: Date },
) {
  return db
    .updateTable('event_rsvps')
    .set({ checked_in_at: options.now, checked_in_by: options.staffId, updated_at: options.now })
    .where('event_id', '=', options.eventId)
    .where('check_in_code', '=', options.code)
    .where('status', '=', 'confirmed')
    .where('checked_in_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
}

export async function findRsvpByCode(db: Database, options: { eventId: string; code: string }) {
  return db
    .selectFrom('event_rsvps')
    .select([...RSVP_COLUMNS])
    .where('event_id', '=', options.eventId)
    .where('check_in_code', '=', options.code)
    .executeTakeFirst();
}

/** Every RSVP of the event with its member, confirmed first, then the waitlist and cancelled ones, by arrival. */
export async function listAttendees(db: Database, eventId: string) {
  return db
    .selectFrom('event_rsvps as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select([...RSVP_COLUMNS.map((c) => `r.${c}` as const), 'u.first_name', 'u.last_name', 'u.email'])
    .where('r.event_id', '=', eventId)
    .orderBy(sql`CASE r.status WHEN 'confirmed' THEN 0 WHEN 'waitlisted' THEN 1 ELSE 2 END`)
    .orderBy('r.arrival')
    .execute();
}

/** Who to tell of a change: the members holding a place or a waitlist spot. */
export async function activeAttendeeContacts(db: Database, eventId: string) {
  return db
    .selectFrom('event_rsvps as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['u.id', 'u.email', 'u.first_name'])
    .where('r.event_id', '=', eventId)
    .where('r.status', 'in', ['confirmed', 'waitlisted'])
    .where('u.status', '=', 'active')
    .execute();
}

export async function contactsOf(db: Database, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name'])
    .where('id', 'in', userIds)
    .where('status', '=', 'active')
    .execute();
}

/** The guest list: confirmed guests who opted in, as first name and initial, in arrival order. */
export async function guestNames(db: Database, eventId: string) {
  const rows = await db
    .selectFrom('event_rsvps as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['u.first_name', 'u.last_name'])
    .where('r.event_id', '=', eventId)
    .where('r.status', '=', 'confirmed')
    .where('r.on_guest_list', '=', true)
    .where('u.status', '=', 'active')
    .orderBy('r.arrival')
    .execute();
  return rows;
}

/** Whether the member may come to events for verified members, and the communities they belong to. */
export async function audienceFacts(db: Database, userId: string) {
  const [user, memberships] = await Promise.all([
    db.selectFrom('users').select('identity_verified_at').where('id', '=', userId).executeTakeFirst(),
    db.selectFrom('community_memberships').select('community_id').where('user_id', '=', userId).execute(),
  ]);
  return {
    verified: user?.identity_verified_at != null,
    communityIds: new Set(memberships.map((m) => m.community_id)),
  };
}

/** The other members checked in at the event, in arrival order. */
/**
 * The other guests checked in at an event, but none blocked either way with the member: "we met" lists, accepts
 * and pairs only those, like every other list of members (docs/security.md, F27).
 */
export async function checkedInOthers(db: Database, options: { eventId: string; userId: string }) {
  const rows = await db
    .selectFrom('event_rsvps')
    .select('user_id')
    .where('event_id', '=', options.eventId)
    .where('checked_in_at', 'is not', null)
    .where('user_id', '<>', options.userId)
    .where((eb) => eb.not(blockedEitherWay(options.userId, 'event_rsvps.user_id')))
    .orderBy('arrival')
    .execute();
  return rows.map((r) => r.user_id);
}

export async function meetAgainChoices(db: Database, options: { eventId: string; userId: string }) {
  const rows = await db
    .selectFrom('event_meet_again')
    .select('other_id')
    .where('event_id', '=', options.eventId)
    .where('user_id', '=', options.userId)
    .execute();
  return rows.map((r) => r.other_id);
}

/** Replaces the member's choices; returns the ones who had already named them (the mutual pairs). */
export async function replaceMeetAgain(
  trx: Trx,
  options: { eventId: string; userId: string; otherIds: readonly string[]; now: Date },
) {
  await trx
    .deleteFrom('event_meet_again')
    .where('event_id', '=', options.eventId)
    .where('user_id', '=', options.userId)
    .execute();
  if (options.otherIds.length === 0) return [];
  await trx
    .insertInto('event_meet_again')
    .values(
      options.otherIds.map((other_id) => ({
        event_id: options.eventId,
        user_id: options.userId,
        other_id,
        created_at: options.now,
      })),
    )
    .execute();
  const mutual = await trx
    .selectFrom('event_meet_again')
    .select('user_id')
    .where('event_id', '=', options.eventId)
    .where('other_id', '=', options.userId)
    .where('user_id', 'in', options.otherIds)
    // a choice made before a block never pairs the two afterwards (F27)
    .where((eb) => eb.not(blockedEitherWay(options.userId, 'event_meet_again.user_id')))
    .execute();
  return mutual.map((r) => r.user_id);
}

/** The consultants' request for a mutual pair: one per pair and event, either way round. */
export async function insertEventMatchRequest(
  trx: Trx,
  options: { eventId: string; requesterId: string; memberId: string; now: Date },
) {
  const exists = await trx
    .selectFrom('match_requests')
    .select('id')
    .where('event_id', '=', options.eventId)
    .where((eb) =>
      eb.or([
        eb.and([eb('requester_id', '=', options.requesterId), eb('member_id', '=', options.memberId)]),
        eb.and([eb('requester_id', '=', options.memberId), eb('member_id', '=', options.requesterId)]),
      ]),
    )
    .executeTakeFirst();
  if (exists) return undefined;
  return trx
    .insertInto('match_requests')
    .values({
      requester_id: options.requesterId,
      member_id: options.memberId,
      event_id: options.eventId,
      created_at: options.now,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
}

export async function eventTitles(db: Database, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db.selectFrom('events').select(['id', 'title']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.title]));
}

/**
 * The members holding a place at the event who have no reminder yet for its start at `startsAt` (an
 * `event_reminder` notification whose data names the event and that start): run with the event's row locked, so two
 * reminder jobs for one event remind each member once (packages/core/src/events/reminders.ts).
 */
export async function confirmedWithoutReminder(trx: Trx, options: { eventId: string; startsAt: string }) {
  const rows = await trx
    .selectFrom('event_rsvps as r')
    .select('r.user_id')
    .where('r.event_id', '=', options.eventId)
    .where('r.status', '=', 'confirmed')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('notifications as n')
            .select(sql`1`.as('one'))
            .whereRef('n.recipient_id', '=', 'r.user_id')
            .where('n.kind', '=', 'event_reminder')
            .where(sql<boolean>`n.data ->> 'eventId' = ${options.eventId}`)
            .where(sql<boolean>`n.data ->> 'startsAt' = ${options.startsAt}`),
        ),
      ),
    )
    .orderBy('r.arrival')
    .execute();
  return rows.map((row) => row.user_id);
}
