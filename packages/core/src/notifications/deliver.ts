import { jobQueries, notificationQueries, type Database } from '@rhema/db';
import { scheduleJob, type JobContext } from '../jobs/queue';
import { discreetTitle, notificationEmail } from './mail';
import { pushesFailed, pushesSent } from '../metrics';
import type { MailerLog } from '../mail/mailer';
import { notificationHooks } from './notify';
import type { PushDevice, PushMessage, PushSender } from './push';
import { afterQuietHours, nextLocalTime } from './quiet-hours';
import { loadSettings, type StoredSettings } from './settings';

// Delivery of a stored notification (docs/notifications.md), in the job queue: never inside the request that
// caused it. At creation (job 'notification') push goes at once unless quiet hours hold it; mail is scheduled
// NOTIFICATION_EMAIL_DELAY_S later (job 'notification-email') and sent only if the notification is still unread,
// one mail per conversation's burst of messages; a member who chose the digest gets one mail a day instead
// ('notification-digest'). Each channel is claimed on the row (emailed_at, pushed_at) before it goes, so two
// instances never deliver one notification twice.

export interface NotificationDelivery {
  /** NOTIFICATION_EMAIL_DELAY_S in ms: 0 mails at once */
  emailDelayMs: number;
  /** links in mail */
  origin: string;
  /** signs the unsubscribe links (./unsubscribe.ts) */
  secret: string;
  /** null: no push provider (the devices are kept, nothing is sent) */
  push: PushSender | null;
}

export const DEFAULT_EMAIL_DELAY_MS = 900_000;

export const DEFAULT_DELIVERY: NotificationDelivery = {
  emailDelayMs: DEFAULT_EMAIL_DELAY_MS,
  origin: 'http://localhost:3000',
  secret: 'development-only-notification-secret',
  push: null,
};

/** Kinds whose event already sends its own transactional mail (a ticket, a receipt): no second one. */
const OWN_MAIL_KINDS = new Set(['event_place', 'event_cancelled', 'premium_paid']);
/** When the daily digest goes, in the member's time zone. */
const DIGEST_AT_MINUTES = 18 * 60;
/** How long a push waits on the push service before it is dropped (a call's ring is worth nothing later). */
const PUSH_TTL_SECONDS = { high: 60, normal: 24 * 3600 };
/** A failed device's first retry; the queue's own backoff follows (packages/core/src/jobs/queue.ts). */
const PUSH_RETRY_MS = 5_000;

type Notification = NonNullable<Awaited<ReturnType<typeof notificationQueries.findNotification>>>;

/** The member's quiet hours as ./quiet-hours.ts reads them. */
export const quiet = (settings: StoredSettings) => ({
  start: settings.quietStart,
  end: settings.quietEnd,
  timeZone: settings.timeZone,
});

/** Job 'notification': right after the notification is stored. */
export async function dispatchNotification(job: { id: string }, ctx: JobContext): Promise<void> {
  const { db, now } = ctx;
  const delivery = ctx.delivery ?? DEFAULT_DELIVERY;
  const n = await notificationQueries.findNotification(db, job.id);
  if (!n || n.read_at) return;
  const settings = await loadSettings(db, n.recipient_id);
  const channels = settings.kinds[n.kind as keyof StoredSettings['kinds']];
  if (!channels) return;
  if (channels.push) {
    const at = afterQuietHours(now, quiet(settings));
    if (at > now) await scheduleJob(db, { kind: 'notification-push', id: n.id }, at);
    else await pushNotification(db, delivery.push, n, settings, now, ctx.log);
  }
  if (!channels.email || OWN_MAIL_KINDS.has(n.kind)) return;
  if (settings.digest) {
    if (!(await jobQueries.hasPendingJob(db, 'notification-digest', 'userId', n.recipient_id)))
      await scheduleJob(
        db,
        { kind: 'notification-digest', userId: n.recipient_id },
        nextLocalTime(now, DIGEST_AT_MINUTES, settings.timeZone),
      );
    return;
  }
  const at = afterQuietHours(
    new Date(new Date(n.created_at).getTime() + delivery.emailDelayMs),
    quiet(settings),
  );
  if (at > now) await scheduleJob(db, { kind: 'notification-email', id: n.id }, at);
  else await mailNotification(job, ctx);
}

/** Job 'notification-push': a push held by quiet hours. */
export async function runNotificationPush(job: { id: string }, ctx: JobContext): Promise<void> {
  const n = await notificationQueries.findNotification(ctx.db, job.id);
  if (!n || n.read_at || n.pushed_at) return;
  const settings = await loadSettings(ctx.db, n.recipient_id);
  const at = afterQuietHours(ctx.now, quiet(settings));
  if (at > ctx.now) return scheduleJob(ctx.db, { kind: 'notification-push', id: n.id }, at);
  await pushNotification(ctx.db, (ctx.delivery ?? DEFAULT_DELIVERY).push, n, settings, ctx.now, ctx.log);
}

async function pushNotification(
  db: Database,
  sender: PushSender | null,
  n: Notification,
  settings: StoredSettings,
  now: Date,
  log?: MailerLog,
) {
  if (!sender) return;
  const devices = await notificationQueries.listDevices(db, n.recipient_id);
  if (devices.length === 0) return;
  const claimed = await notificationQueries.claimDelivery(db, { ids: [n.id], channel: 'push', now });
  if (claimed.length === 0) return;
  // a device whose push failed (a timeout, a 5xx) is tried again by its own job, with the queue's backoff
  await pushToDevices(db, sender, devices, pushMessage(n, settings), log, (device) =>
    scheduleJob(
      db,
      { kind: 'notification-push-device', id: n.id, deviceId: device.id },
      new Date(now.getTime() + PUSH_RETRY_MS),
    ),
  );
}

/** The one push of a notification, whatever the platform: discreet mode leaves out the name and the text. */
export function pushMessage(n: Notification, settings: StoredSettings): PushMessage {
  const urgency = n.kind === 'missed_call' || n.kind === 'message' ? 'high' : 'normal';
  return {
    title: settings.discreet ? discreetTitle(n.kind) : n.title,
    body: settings.discreet ? '' : n.body,
    url: n.url,
    kind: n.kind,
    tag: `n${n.id}`,
    urgency,
    ttlSeconds: PUSH_TTL_SECONDS[urgency],
  };
}

/**
 * One push to each of the member's devices: one device's failure does not hold the others (`failed` decides what
 * follows it; a ringing call's push, ./ring.ts, is over before a retry could help), and a device its push service
 * says is gone is removed.
 */
export async function pushToDevices(
  db: Database,
  sender: PushSender,
  devices: PushDevice[],
  message: PushMessage,
  log?: MailerLog,
  failed?: (device: PushDevice) => Promise<unknown>,
) {
  for (const device of devices) {
    let result: 'sent' | 'gone';
    try {
      result = await sender.send(device, message);
    } catch (error) {
      pushesFailed.inc();
      log?.error({ err: error }, `push to a ${device.platform} device failed`);
      await failed?.(device);
      continue;
    }
    await afterPush(db, device, result, message.kind);
  }
}

async function afterPush(db: Database, device: { id: string }, result: 'sent' | 'gone', kind: string) {
  if (result === 'gone') {
    pushesFailed.inc();
    await notificationQueries.deleteDevice(db, { id: device.id });
  } else {
    pushesSent.inc();
    notificationHooks.delivered?.('push', kind);
  }
}

/**
 * Job 'notification-push-device': one device's push that failed (a timeout, a 5xx, a refused provider token). It
 * throws again on failure, so the queue retries it with its backoff; a push service that now says the device is
 * gone removes it. Nothing when the member read the notification meanwhile, removed the device or turned that
 * kind's push off.
 */
export async function runDevicePush(job: { id: string; deviceId: string }, ctx: JobContext): Promise<void> {
  const sender = (ctx.delivery ?? DEFAULT_DELIVERY).push;
  const n = await notificationQueries.findNotification(ctx.db, job.id);
  if (!sender || !n || n.read_at) return;
  const device = (await notificationQueries.listDevices(ctx.db, n.recipient_id)).find(
    (row) => row.id === job.deviceId,
  );
  if (!device) return;
  const settings = await loadSettings(ctx.db, n.recipient_id);
  if (!settings.kinds[n.kind as keyof StoredSettings['kinds']]?.push) return;
  await afterPush(ctx.db, device, await sender.send(device, pushMessage(n, settings)), n.kind);
}

/**
 * Job 'notification-email': the delay has passed. Nothing when the member read it meanwhile, turned the mail off,
 * or another mail already covered it; a message waits for the newest of its conversation's burst, whose mail
 * covers them all.
 */
export async function mailNotification(job: { id: string }, ctx: JobContext): Promise<void> {
  const { db, now } = ctx;
  const delivery = ctx.delivery ?? DEFAULT_DELIVERY;
  const n = await notificationQueries.findNotification(db, job.id);
  if (!n || n.read_at || n.emailed_at) return;
  const settings = await loadSettings(db, n.recipient_id);
  const channels = settings.kinds[n.kind as keyof StoredSettings['kinds']];
  if (!channels?.email || settings.digest) return;
  const at = afterQuietHours(now, quiet(settings));
  if (at > now) return scheduleJob(db, { kind: 'notification-email', id: n.id }, at);
  let items: Notification[] = [n];
  if (n.group_key) {
    items = await notificationQueries.unmailedOfGroup(db, {
      recipientId: n.recipient_id,
      groupKey: n.group_key,
    });
    // a newer one of the burst has its own job, due later: that one mails the lot
    if (items.some((item) => BigInt(item.id) > BigInt(n.id))) return;
  }
  await sendClaimed(db, ctx, delivery, n.recipient_id, items, settings, false);
}

/** Job 'notification-digest': the day's unread notifications in one mail. */
export async function mailDigest(job: { userId: string }, ctx: JobContext): Promise<void> {
  const settings = await loadSettings(ctx.db, job.userId);
  const items = (
    await notificationQueries.unmailedSince(ctx.db, {
      recipientId: job.userId,
      since: new Date(ctx.now.getTime() - 7 * 24 * 3600_000),
    })
  ).filter(
    (item) =>
      settings.kinds[item.kind as keyof StoredSettings['kinds']]?.email && !OWN_MAIL_KINDS.has(item.kind),
  );
  if (items.length === 0) return;
  await sendClaimed(ctx.db, ctx, ctx.delivery ?? DEFAULT_DELIVERY, job.userId, items, settings, true);
}

async function sendClaimed(
  db: Database,
  ctx: JobContext,
  delivery: NotificationDelivery,
  recipientId: string,
  items: Notification[],
  settings: StoredSettings,
  digest: boolean,
) {
  const recipient = await notificationQueries.findRecipient(db, recipientId);
  if (!recipient || recipient.status !== 'active') return;
  const ids = await notificationQueries.claimDelivery(db, {
    ids: items.map((item) => item.id),
    channel: 'email',
    now: ctx.now,
  });
  const claimed = items.filter((item) => ids.includes(item.id));
  if (claimed.length === 0) return;
  try {
    await ctx.mailer.send(
      notificationEmail({
        to: recipient.email,
        firstName: recipient.first_name,
        userId: recipientId,
        items: claimed,
        discreet: settings.discreet,
        digest,
        origin: delivery.origin,
        secret: delivery.secret,
      }),
    );
  } catch (error) {
    // not sent: let the retry claim them again
    await notificationQueries.unclaimEmail(db, ids);
    throw error;
  }
  notificationHooks.delivered?.('email', claimed[0]?.kind ?? '');
}
