import { sql } from 'kysely';
import type { Database } from '../create-db';

// Notifications, their settings and the devices pushes go to (migration 20261128T2150_notifications).

export interface NewNotification {
  recipientId: string;
  actorId: string | null;
  kind: string;
  title: string;
  body: string;
  url: string;
  data: Record<string, unknown>;
  groupKey: string | null;
  now: Date;
}

const COLUMNS = [
  'id',
  'recipient_id',
  'actor_id',
  'kind',
  'title',
  'body',
  'url',
  'data',
  'group_key',
] as const;
const TIMES = ['created_at', 'read_at', 'emailed_at', 'pushed_at'] as const;

export async function insertNotification(db: Database, n: NewNotification) {
  const row = await db
    .insertInto('notifications')
    .values({
      recipient_id: n.recipientId,
      actor_id: n.actorId,
      kind: n.kind,
      title: n.title,
      body: n.body,
      url: n.url,
      data: JSON.stringify(n.data),
      group_key: n.groupKey,
      created_at: n.now,
    })
    .returning([...COLUMNS, ...TIMES])
    .executeTakeFirstOrThrow();
  return { ...row, id: String(row.id) };
}

/** Whether either of the two blocked the other. */
export async function blockedEitherWay(db: Database, a: string, b: string): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select(sql<number>`1`.as('one'))
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]),
        eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)]),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** The recipient's notifications, newest first, below id `before` when given. */
export async function listForRecipient(
  db: Database,
  options: { recipientId: string; before?: string | undefined; limit: number },
) {
  let query = db
    .selectFrom('notifications')
    .select([...COLUMNS, ...TIMES])
    .where('recipient_id', '=', options.recipientId);
  if (options.before) query = query.where('id', '<', options.before);
  const rows = await query.orderBy('id', 'desc').limit(options.limit).execute();
  return rows.map((row) => ({ ...row, id: String(row.id) }));
}

export async function findNotification(db: Database, id: string) {
  const row = await db
    .selectFrom('notifications')
    .select([...COLUMNS, ...TIMES])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { ...row, id: String(row.id) };
}

export async function countUnread(db: Database, recipientId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('recipient_id', '=', recipientId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks read the recipient's notification `id` (when given), those pointing at `url`, or all of them. */
export async function markRead(
  db: Database,
  options: { recipientId: string; now: Date; id?: string; url?: string },
): Promise<number> {
  let query = db
    .updateTable('notifications')
    .set({ read_at: options.now })
    .where('recipient_id', '=', options.recipientId)
    .where('read_at', 'is', null);
  if (options.id) query = query.where('id', '=', options.id);
  if (options.url) query = query.where('url', '=', options.url);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Unread, not yet mailed notifications of one group (a conversation's messages), oldest first. */
export async function unmailedOfGroup(db: Database, options: { recipientId: string; groupKey: string }) {
  const rows = await db
    .selectFrom('notifications')
    .select([...COLUMNS, ...TIMES])
    .where('recipient_id', '=', options.recipientId)
    .where('group_key', '=', options.groupKey)
    .where('read_at', 'is', null)
    .where('emailed_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, id: String(row.id) }));
}

/** Unread, not yet mailed notifications of the recipient since `since` (the daily digest), oldest first. */
export async function unmailedSince(db: Database, options: { recipientId: string; since: Date }) {
  const rows = await db
    .selectFrom('notifications')
    .select([...COLUMNS, ...TIMES])
    .where('recipient_id', '=', options.recipientId)
    .where('read_at', 'is', null)
    .where('emailed_at', 'is', null)
    .where('created_at', '>=', options.since)
    .orderBy('id')
    .limit(200)
    .execute();
  return rows.map((row) => ({ ...row, id: String(row.id) }));
}

/**
 * Claims notifications for one channel: sets `emailed_at` / `pushed_at` on those still unset and returns their
 * ids, so of two workers that reach the same notification only one delivers it.
 */
export async function claimDelivery(
  db: Database,
  options: { ids: string[]; channel: 'email' | 'push'; now: Date },
): Promise<string[]> {
  if (options.ids.length === 0) return [];
  const column = options.channel === 'email' ? 'emailed_at' : 'pushed_at';
  const rows = await db
    .updateTable('notifications')
    .set({ [column]: options.now })
    .where('id', 'in', options.ids)
    .where(column, 'is', null)
    .returning('id')
    .execute();
  return rows.map((row) => String(row.id));
}

export async function findSettings(db: Database, userId: string) {
  return db.selectFrom('notification_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function saveSettings(
  db: Database,
  settings: {
    userId: string;
    kinds: Record<string, unknown>;
    quietStart: number | null;
    quietEnd: number | null;
    timeZone: string;
    digest: boolean;
    discreet: boolean;
    now: Date;
  },
) {
  const values = {
    kinds: JSON.stringify(settings.kinds),
    quiet_start: settings.quietStart,
    quiet_end: settings.quietEnd,
    time_zone: settings.timeZone,
    digest: settings.digest,
    discreet: settings.discreet,
    updated_at: settings.now,
  };
  await db
    .insertInto('notification_settings')
    .values({ user_id: settings.userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

/** The address and first name a mail goes to, for an active account. */
export async function findRecipient(db: Database, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'status', 'role'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Active staff (the console's team), who are told of new requests and reports. */
export async function listStaffIds(db: Database): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('role', 'in', ['consultant', 'admin'])
    .where('status', '=', 'active')
    .execute();
  return rows.map((row) => row.id);
}

export async function insertDevice(
  db: Database,
  device: { userId: string; platform: string; token: string; p256dh?: string; auth?: string; now: Date },
) {
  // the same token again (a reinstall, a second sign-in) moves to this member
  return db
    .insertInto('push_devices')
    .values({
      user_id: device.userId,
      platform: device.platform,
      token: device.token,
      p256dh: device.p256dh ?? null,
      auth: device.auth ?? null,
      created_at: device.now,
    })
    .onConflict((oc) =>
      oc.columns(['platform', 'token']).doUpdateSet({
        user_id: device.userId,
        p256dh: device.p256dh ?? null,
        auth: device.auth ?? null,
      }),
    )
    .returning(['id', 'platform', 'created_at'])
    .executeTakeFirstOrThrow();
}

export async function listDevices(db: Database, userId: string) {
  return db
    .selectFrom('push_devices')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
}

export async function deleteDevice(db: Database, options: { id: string; userId?: string }) {
  let query = db.deleteFrom('push_devices').where('id', '=', options.id);
  if (options.userId) query = query.where('user_id', '=', options.userId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A mail that failed: its notifications may be claimed again by the retry. */
export async function unclaimEmail(db: Database, ids: string[]) {
  if (ids.length === 0) return;
  await db.updateTable('notifications').set({ emailed_at: null }).where('id', 'in', ids).execute();
}
