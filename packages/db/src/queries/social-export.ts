import { sql } from 'kysely';
import type { Database } from '../create-db';

/**
 * The member's self-matching data for "download my data" (issue 11): friend requests both ways, messages sent and
 * received, reports they made and blocks they set. Of other members only the first name, which the member saw.
 */
export async function exportSocialData(db: Database, userId: string) {
  const other = (a: string, b: string) =>
    sql<string>`(SELECT first_name FROM users o WHERE o.id = CASE WHEN ${sql.ref(a)} = ${userId}
      THEN ${sql.ref(b)} ELSE ${sql.ref(a)} END)`;
  const [friendships, messages, reports, blocks] = await Promise.all([
    db
      .selectFrom('friend_requests')
      .select([
        'id',
        sql<string>`CASE WHEN requester_id = ${userId} THEN 'sent' ELSE 'received' END`.as('direction'),
        'status',
        'created_at',
        'responded_at',
        other('requester_id', 'addressee_id').as('other_first_name'),
      ])
      .where((eb) => eb.or([eb('requester_id', '=', userId), eb('addressee_id', '=', userId)]))
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('messages')
      .select([
        'id',
        sql<string>`CASE WHEN sender_id = ${userId} THEN 'sent' ELSE 'received' END`.as('direction'),
        'body',
        'created_at',
        'read_at',
        other('sender_id', 'recipient_id').as('other_first_name'),
      ])
      .where((eb) => eb.or([eb('sender_id', '=', userId), eb('recipient_id', '=', userId)]))
      .orderBy('id')
      .execute(),
    db
      .selectFrom('reports as r')
      .innerJoin('users as u', 'u.id', 'r.reported_id')
      .select([
        'r.id',
        'r.reason',
        'r.details',
        'r.source',
        'r.status',
        'r.created_at',
        'u.first_name as reported_first_name',
      ])
      .where('r.reporter_id', '=', userId)
      .orderBy('r.created_at')
      .execute(),
    db
      .selectFrom('blocks as b')
      .innerJoin('users as u', 'u.id', 'b.blocked_id')
      .select(['u.first_name as blocked_first_name', 'b.created_at'])
      .where('b.blocker_id', '=', userId)
      .execute(),
  ]);
  return { friendships, messages, reportsMade: reports, blocks };
}

/** An erased member's id leaves the audit trail: entries about them keep the action and lose the target. */
export async function forgetAuditTarget(db: Database, userId: string) {
  await db.updateTable('audit_log').set({ target_id: null }).where('target_id', '=', userId).execute();
}
