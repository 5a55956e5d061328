import { notificationQueries, type Database } from '@rhema/db';
import {
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationKind,
  type TNotification,
  type TNotificationList,
} from '@rhema/schemas';
import { AppError } from '../errors/app-error';
import { iso } from '../iso';

// The in-app centre (docs/notifications.md): the member's notifications newest first, paged by id (a keyset: a
// page link stays right while new ones arrive), one or all marked read.

export const NOTIFICATION_NOT_FOUND = 'We could not find that notification.';

type Row = Awaited<ReturnType<typeof notificationQueries.listForRecipient>>[number];

export function toNotification(row: Row): TNotification {
  return {
    _id: row.id,
    kind: row.kind as NotificationKind,
    title: row.title,
    body: row.body,
    url: row.url,
    created_at: iso(row.created_at),
    read_at: row.read_at ? iso(row.read_at) : null,
  };
}

export async function listNotifications(options: {
  db: Database;
  userId: string;
  cursor?: string | undefined;
}): Promise<TNotificationList> {
  const rows = await notificationQueries.listForRecipient(options.db, {
    recipientId: options.userId,
    before: options.cursor,
    limit: NOTIFICATIONS_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, NOTIFICATIONS_PAGE_SIZE);
  const hasNextPage = rows.length > NOTIFICATIONS_PAGE_SIZE;
  const first = !options.cursor;
  return {
    data: page.map(toNotification),
    // a keyset has no page numbers: the first page is 1, any later one 2, and nextCursor reads on
    paginator: {
      currentPage: first ? 1 : 2,
      pageCount: hasNextPage ? (first ? 2 : 3) : first ? 1 : 2,
      prev: first ? null : 1,
      next: hasNextPage ? (first ? 2 : 3) : null,
      hasPrevPage: !first,
      hasNextPage,
      nextCursor: hasNextPage ? (page.at(-1)?.id ?? null) : null,
    },
  };
}

export async function countUnreadNotifications(options: { db: Database; userId: string }) {
  return { count: await notificationQueries.countUnread(options.db, options.userId) };
}

/** Marks one notification read; another member's (or an unknown) id is NOT_FOUND. */
export async function markNotificationRead(options: {
  db: Database;
  userId: string;
  id: string;
  now: Date;
}): Promise<TNotification> {
  const row = await notificationQueries.findNotification(options.db, options.id);
  if (!row || row.recipient_id !== options.userId) throw new AppError('NOT_FOUND', NOTIFICATION_NOT_FOUND);
  if (!row.read_at)
    await notificationQueries.markRead(options.db, {
      recipientId: options.userId,
      id: options.id,
      now: options.now,
    });
  const current = await notificationQueries.findNotification(options.db, options.id);
  if (!current) throw new AppError('NOT_FOUND', NOTIFICATION_NOT_FOUND);
  return toNotification(current);
}

export async function markAllNotificationsRead(options: { db: Database; userId: string; now: Date }) {
  await notificationQueries.markRead(options.db, { recipientId: options.userId, now: options.now });
  return { count: 0 };
}

/** Opening a page marks read the notifications that point at it. */
export async function markNotificationsReadAt(options: {
  db: Database;
  userId: string;
  url: string;
  now: Date;
}) {
  await notificationQueries.markRead(options.db, {
    recipientId: options.userId,
    url: options.url,
    now: options.now,
  });
  return { count: await notificationQueries.countUnread(options.db, options.userId) };
}
