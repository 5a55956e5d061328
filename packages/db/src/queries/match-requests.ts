import { sql } from 'kysely';
import type { Database } from '../create-db';
import { reachableMember } from './visibility';

// Members' requests for an introduction to a chosen member, and the consultants' queue of them.

const COLUMNS = [
  'id',
  'requester_id',
  'member_id',
  'status',
  'note',
  'introduction_id',
  'handled_by',
  'created_at',
  'handled_at',
  'event_id',
] as const;

/**
 * When the member's requests since `since` were made, oldest first (every state counts). A request made for a
 * mutual "we met" after an event (event_id) is not one the member sent: it takes nothing from their allowance.
 */
export async function sentSince(db: Database, options: { userId: string; since: Date }) {
  const rows = await db
    .selectFrom('match_requests')
    .select(['created_at'])
    .where('requester_id', '=', options.userId)
    .where('created_at', '>', options.since)
    .where('event_id', 'is', null)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => new Date(r.created_at));
}

/** Inserts an open request; undefined when one is already open for the pair. */
export async function insertRequest(
  db: Database,
  options: { requesterId: string; memberId: string; now: Date },
) {
  return (
    db
      .insertInto('match_requests')
      .values({ requester_id: options.requesterId, member_id: options.memberId, created_at: options.now })
      // the only unique index besides the key is match_requests_open_pair_key
      .onConflict((oc) => oc.doNothing())
      .returning([...COLUMNS])
      .executeTakeFirst()
  );
}

export async function findRequest(db: Database, id: string) {
  return db
    .selectFrom('match_requests')
    .select([...COLUMNS])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * The member's own requests, newest first, about members they may still see (a block hides the request). Those
 * from a mutual "we met" stay with the consultants: listing them would tell a member the other's private choice.
 */
export async function listByRequester(db: Database, userId: string) {
  return db
    .selectFrom('match_requests')
    .innerJoin('users as u', 'u.id', 'match_requests.member_id')
    .select(COLUMNS.map((c) => `match_requests.${c}` as const))
    .where('match_requests.requester_id', '=', userId)
    .where('match_requests.event_id', 'is', null)
    .where(reachableMember(userId, 'u'))
    .orderBy('match_requests.created_at', 'desc')
    .orderBy('match_requests.id')
    .execute();
}

/** The queue: open requests oldest first, handled ones (introduced or declined) newest first. */
export async function listQueue(db: Database, options: { handled: boolean; limit: number; offset: number }) {
  const base = db
    .selectFrom('match_requests')
    .where('status', options.handled ? 'in' : '=', options.handled ? ['introduced', 'declined'] : 'open');
  const [rows, total] = await Promise.all([
    base
      .select([
        ...COLUMNS,
        sql<string | null>`(SELECT first_name FROM users h WHERE h.id = match_requests.handled_by)`.as(
          'handled_by_name',
        ),
      ])
      .orderBy('created_at', options.handled ? 'desc' : 'asc')
      .orderBy('id')
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Closes an open request (a conditional update); undefined when it was no longer open. */
export async function close(
  db: Database,
  options: {
    id: string;
    status: 'introduced' | 'declined';
    note: string | null;
    introductionId: string | null;
    staffId: string;
    now: Date;
  },
) {
  return db
    .updateTable('match_requests')
    .set({
      status: options.status,
      note: options.note,
      introduction_id: options.introductionId,
      handled_by: options.staffId,
      handled_at: options.now,
    })
    .where('id', '=', options.id)
    .where('status', '=', 'open')
    .returning([...COLUMNS])
    .executeTakeFirst();
}
