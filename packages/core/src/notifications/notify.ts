import { notificationQueries, type Database } from '@rhema/db';
import type { NotificationKind } from '@rhema/schemas';
import { scheduleJob } from '../jobs/queue';

// The one place that decides (docs/notifications.md): every event that concerns a member or staff calls notify(),
// which stores the notification and hands its delivery to the job queue (packages/core/src/jobs/queue.ts), never
// doing it inside the request. It may run inside the event's own transaction (`db` is then that transaction): the
// notification and its job commit with the event or not at all.

export interface NotifyInput {
  recipientId: string;
  kind: NotificationKind;
  /** the member whose action caused it: nothing is stored across a block between the two */
  actorId?: string | null;
  title: string;
  body?: string;
  /** the page it is about (a path of this site); opening it marks the notification read */
  url: string;
  /** what delivery needs besides the texts (ids only) */
  data?: Record<string, unknown>;
  /** notifications gathered into one mail (a conversation's messages) */
  groupKey?: string | null;
  now: Date;
}

/** Hooks for counters (a metrics module may set them); each is called after the fact, never awaited. */
export const notificationHooks: {
  created?: (kind: NotificationKind) => void;
  delivered?: (channel: 'email' | 'push', kind: string) => void;
} = {};

/**
 * Stores one notification and queues its delivery; returns its id, or null when nothing was stored: the
 * recipient is the actor, is no longer active, or either blocked the other.
 */
export async function notify(db: Database, input: NotifyInput): Promise<string | null> {
  const actorId = input.actorId ?? null;
  if (actorId === input.recipientId) return null;
  const recipient = await notificationQueries.findRecipient(db, input.recipientId);
  if (!recipient || recipient.status !== 'active') return null;
  if (actorId && (await notificationQueries.blockedEitherWay(db, actorId, input.recipientId))) return null;
  const row = await notificationQueries.insertNotification(db, {
    recipientId: input.recipientId,
    actorId,
    kind: input.kind,
    title: input.title,
    body: input.body ?? '',
    url: input.url,
    data: input.data ?? {},
    groupKey: input.groupKey ?? null,
    now: input.now,
  });
  await scheduleJob(db, { kind: 'notification', id: row.id }, input.now);
  notificationHooks.created?.(input.kind);
  return row.id;
}

/** notify() for each of several recipients (staff) with the same texts. */
export async function notifyEach(
  db: Database,
  recipientIds: string[],
  input: Omit<NotifyInput, 'recipientId'>,
): Promise<void> {
  for (const recipientId of recipientIds) await notify(db, { ...input, recipientId });
}

/** The first name a notification shows of a member (empty when they are gone). */
export async function firstNameOf(db: Database, userId: string): Promise<string> {
  return (await notificationQueries.findRecipient(db, userId))?.first_name ?? '';
}
