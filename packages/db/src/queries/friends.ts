import { sql } from 'kysely';
import type { Database } from '../create-db';
import { reachableMember } from './visibility';

/** Requests the member sent since `since` (every state counts: a cancelled request was still sent). */
export async function sentSince(db: Database, options: { userId: string; since: Date }) {
  const rows = await db
    .selectFrom('friend_requests')
    .select(['created_at'])
    .where('requester_id', '=', options.userId)
    .where('created_at', '>', options.since)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => new Date(r.created_at));
}

/** The live (pending or accepted) request between two members, whichever side sent it. */
export async function findLiveBetween(db: Database, a: string, b: string) {
  return db
    .selectFrom('friend_requests')
    .select(['id', 'requester_id', 'addressee_id', 'status', 'created_at', 'responded_at'])
    .where((eb) =>
      eb.or([
        eb.and([eb('requester_id', '=', a), eb('addressee_id', '=', b)]),
        eb.and([eb('requester_id', '=', b), eb('addressee_id', '=', a)]),
      ]),
    )
    .where('status', 'in', ['pending', 'accepted'])
    .executeTakeFirst();
}

export async function areFriends(db: Database, a: string, b: string): Promise<boolean> {
  const live = await findLiveBetween(db, a, b);
  return live?.status === 'accepted';
}

/** Inserts a pending request; undefined when a live one between the pair appeared meanwhile. */
export async function insertRequest(
  db: Database,
  options: { requesterId: string; addresseeId: string; now: Date },
) {
  return (
    db
      .insertInto('friend_requests')
      .values({
        requester_id: options.requesterId,
        addressee_id: options.addresseeId,
        created_at: options.now,
      })
      // the only unique index besides the key is friend_requests_pair_live_key
      .onConflict((oc) => oc.doNothing())
      .returning(['id', 'requester_id', 'addressee_id', 'status', 'created_at'])
      .executeTakeFirst()
  );
}

export async function findRequest(db: Database, id: string) {
  return db
    .selectFrom('friend_requests')
    .select(['id', 'requester_id', 'addressee_id', 'status', 'created_at', 'responded_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Moves a request from `from` to `to` only if it is still in `from` (a conditional update); returns the row. */
export async function transition(db: Database, options: { id: string; from: string; to: string; now: Date }) {
  return db
    .updateTable('friend_requests')
    .set({ status: options.to, responded_at: options.now })
    .where('id', '=', options.id)
    .where('status', '=', options.from)
    .returning(['id', 'requester_id', 'addressee_id', 'status', 'created_at', 'responded_at'])
    .executeTakeFirst();
}

/** Ends every live request or friendship between two members (a block does this). */
export async function endBetween(db: Database, options: { a: string; b: string; now: Date }) {
  await db
    .updateTable('friend_requests')
    .set({ status: 'cancelled', responded_at: options.now })
    .where((eb) =>
      eb.or([
        eb.and([eb('requester_id', '=', options.a), eb('addressee_id', '=', options.b)]),
        eb.and([eb('requester_id', '=', options.b), eb('addressee_id', '=', options.a)]),
      ]),
    )
    .where('status', 'in', ['pending', 'accepted'])
    .execute();
}

/**
 * The viewer's live requests and friendships with members they may see, newest first: `incoming` (pending, to the
 * viewer), `outgoing` (pending, from the viewer) and `friends` (accepted), with the other member's id.
 */
export async function listForMember(db: Database, viewerId: string) {
  const rows = await db
    .selectFrom('friend_requests as f')
    .innerJoin('users as u', (join) =>
      join.on(
        sql<boolean>`u.id = CASE WHEN f.requester_id = ${viewerId} THEN f.addressee_id ELSE f.requester_id END`,
      ),
    )
    .select([
      'f.id',
      'f.requester_id',
      'f.addressee_id',
      'f.status',
      'f.created_at',
      'f.responded_at',
      'u.id as other_id',
    ])
    .where((eb) => eb.or([eb('f.requester_id', '=', viewerId), eb('f.addressee_id', '=', viewerId)]))
    .where('f.status', 'in', ['pending', 'accepted'])
    .where(reachableMember(viewerId, 'u'))
    .orderBy(sql`coalesce(f.responded_at, f.created_at)`, 'desc')
    .execute();
  return rows;
}
