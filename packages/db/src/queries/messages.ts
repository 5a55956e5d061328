import { sql } from 'kysely';
import type { Database } from '../create-db';
import { MESSAGES_CHANNEL } from '../notifications';
import { reachableMember } from './visibility';

const MESSAGE_COLUMNS = ['id', 'sender_id', 'recipient_id', 'body', 'created_at', 'read_at'] as const;

export async function insertMessage(
  db: Database,
  message: { senderId: string; recipientId: string; body: string; now: Date },
) {
  return db
    .insertInto('messages')
    .values({
      sender_id: message.senderId,
      recipient_id: message.recipientId,
      body: message.body,
      created_at: message.now,
    })
    .returning([...MESSAGE_COLUMNS])
    .executeTakeFirstOrThrow();
}

/**
 * Messages the viewer sent or received whose other party they may still see (a block, a suspension or an erase
 * since it was sent hides it, as it hides the thread).
 */
function visibleMessages(db: Database, viewerId: string) {
  return db
    .selectFrom('messages as m')
    .innerJoin('users as u', (join) =>
      join.on(
        sql<boolean>`u.id = CASE WHEN m.sender_id = ${viewerId} THEN m.recipient_id ELSE m.sender_id END`,
      ),
    )
    .select(MESSAGE_COLUMNS.map((c) => `m.${c}` as const))
    .where((eb) => eb.or([eb('m.sender_id', '=', viewerId), eb('m.recipient_id', '=', viewerId)]))
    .where(reachableMember(viewerId, 'u'));
}

/** One message, when the viewer may see it (`visibleMessages`). */
export async function findVisibleMessage(db: Database, options: { id: string; viewerId: string }) {
  return visibleMessages(db, options.viewerId).where('m.id', '=', options.id).executeTakeFirst();
}

/**
 * The viewer's visible messages written after message `afterId` (ids come from one sequence), oldest first: what a
 * live subscription missed while its client was away (docs/decisions/081-live-messages.md).
 */
export async function listVisibleMessagesAfter(
  db: Database,
  options: { viewerId: string; afterId: string; limit: number },
) {
  return visibleMessages(db, options.viewerId)
    .where('m.id', '>', options.afterId)
    .orderBy('m.id', 'asc')
    .limit(options.limit)
    .execute();
}

/**
 * The newest message id the viewer may see (a live stream's position when it is ready), undefined when there is
 * none: the viewer's own position, so it tells nothing of other members' messages.
 */
export async function newestVisibleMessageId(db: Database, viewerId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom(visibleMessages(db, viewerId).as('v'))
    .select((eb) => eb.fn.max('v.id').as('id'))
    .executeTakeFirst();
  return row?.id == null ? undefined : String(row.id);
}

/** One page of the thread between two members, newest first (`before`: older than this message id). */
export async function listThread(
  db: Database,
  options: { a: string; b: string; before?: number; limit: number },
) {
  let query = db
    .selectFrom('messages')
    .select([...MESSAGE_COLUMNS])
    .where(sql<boolean>`LEAST(sender_id, recipient_id) = LEAST(${options.a}::uuid, ${options.b}::uuid)`)
    .where(
      sql<boolean>`GREATEST(sender_id, recipient_id) = GREATEST(${options.a}::uuid, ${options.b}::uuid)`,
    );
  if (options.before !== undefined) query = query.where('id', '<', String(options.before));
  return query.orderBy('id', 'desc').limit(options.limit).execute();
}

/** Marks what `from` sent to `to` as read; returns how many were unread. */
export async function markRead(db: Database, options: { to: string; from: string; now: Date }) {
  const result = await db
    .updateTable('messages')
    .set({ read_at: options.now })
    .where('recipient_id', '=', options.to)
    .where('sender_id', '=', options.from)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The viewer's conversations: per other member they may still see, the newest message and the unread count,
 * most recent first.
 */
export async function listConversations(db: Database, viewerId: string) {
  const { rows } = await sql<{
    other_id: string;
    id: string;
    sender_id: string;
    body: string;
    created_at: string;
    unread: string;
  }>`
    SELECT DISTINCT ON (other_id) other_id, m.id, m.sender_id, m.body, m.created_at,
      (SELECT count(*) FROM messages x
        WHERE x.recipient_id = ${viewerId} AND x.sender_id = other_id AND x.read_at IS NULL) AS unread
    FROM (
      SELECT messages.*, CASE WHEN sender_id = ${viewerId} THEN recipient_id ELSE sender_id END AS other_id
      FROM messages WHERE sender_id = ${viewerId} OR recipient_id = ${viewerId}
    ) m
    JOIN users u ON u.id = m.other_id
    WHERE ${reachableMember(viewerId, 'u')}
    ORDER BY other_id, m.id DESC
  `.execute(db);
  return rows.sort((x, y) => Number(y.id) - Number(x.id));
}

/** Unread messages to the viewer from members they may still see. */
export async function countUnread(db: Database, viewerId: string): Promise<number> {
  const row = await db
    .selectFrom('messages as m')
    .innerJoin('users as u', 'u.id', 'm.sender_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('m.recipient_id', '=', viewerId)
    .where('m.read_at', 'is', null)
    .where(reachableMember(viewerId, 'u'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Announces that `from` is typing to `to` on the live messages' channel (docs/decisions/087-read-receipts-and-typing.md):
 * nothing is stored, every server instance hears it and hands it to `to`'s streams.
 */
export async function announceTyping(db: Database, options: { from: string; to: string }) {
  const payload = JSON.stringify({ kind: 'typing', sender_id: options.from, recipient_id: options.to });
  await sql`SELECT pg_notify(${MESSAGES_CHANNEL}, ${payload})`.execute(db);
}
