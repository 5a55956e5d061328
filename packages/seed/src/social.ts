import type { Database } from '@rhema/db';

/**
 * Two members who have both accepted a friend request (requested by `a`, accepted by `b`): messaging between them
 * is open. For tests and demo data; the rules of sending and accepting are packages/core/src/social/friends.ts.
 */
export async function seedFriendship(
  db: Database,
  a: { id: string },
  b: { id: string },
  at: Date = new Date(),
): Promise<string> {
  const row = await db
    .insertInto('friend_requests')
    .values({
      requester_id: a.id,
      addressee_id: b.id,
      status: 'accepted',
      created_at: at,
      responded_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
