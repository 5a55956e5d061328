import { z } from 'zod';
import { ZPaginator } from './envelope';
import { NOTIFICATION_KINDS } from './notification-kinds';
import { zText } from './text';

// The notification centre and its settings (docs/notifications.md); api/v1 rows in apps/server/src/rest/routes.ts.

export const ZNotificationKind = z.enum(NOTIFICATION_KINDS);

/** A notification's id: the bigint of table `notifications`, as text. */
export const ZNotificationId = z.string().regex(/^[1-9][0-9]{0,18}$/, 'Unknown notification');

export const ZNotification = z.object({
  _id: z.string(),
  kind: ZNotificationKind,
  title: z.string(),
  body: z.string(),
  /** the page it is about, a path of this site */
  url: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationListRequest = z
  .object({ cursor: ZNotificationId.optional() })
  .optional()
  .default({});
/** A page of the centre, newest first; `nextCursor` reads the next one. */
export const ZNotificationList = z.object({
  data: z.array(ZNotification),
  paginator: ZPaginator.extend({ nextCursor: z.string().nullable() }),
});
export type TNotificationList = z.infer<typeof ZNotificationList>;

export const ZNotificationCount = z.object({ count: z.number().int() });
export const ZNotificationIdRequest = z.object({ id: ZNotificationId });
/** Marks read the notifications of this page (opening a page a notification points to). */
export const ZNotificationsReadUrlRequest = z.object({ url: zText().startsWith('/').max(500) });

/** HH:MM, 24-hour. */
export const ZClockTime = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'Please use HH:MM');

/** An IANA time zone name the server's Intl knows. */
export const ZTimeZone = z
  .string()
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-GB', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone');

const ZChannels = z.object({ email: z.boolean(), push: z.boolean() });
export const ZNotificationSettings = z.object({
  kinds: z.record(ZNotificationKind, ZChannels),
  quiet_hours: z.object({ start: ZClockTime, end: ZClockTime }).nullable(),
  time_zone: z.string(),
  digest: z.boolean(),
  discreet: z.boolean(),
});
export type TNotificationSettings = z.infer<typeof ZNotificationSettings>;
export const ZNotificationSettingsPatch = z.object({
  kinds: z.partialRecord(ZNotificationKind, ZChannels.partial()).optional(),
  quiet_hours: z.object({ start: ZClockTime, end: ZClockTime }).nullable().optional(),
  time_zone: ZTimeZone.optional(),
  digest: z.boolean().optional(),
  discreet: z.boolean().optional(),
});
export type TNotificationSettingsPatch = z.infer<typeof ZNotificationSettingsPatch>;

/** A store app's device token, or a browser's Web Push subscription. */
export const ZDeviceRegistration = z.discriminatedUnion('platform', [
  z.object({ platform: z.enum(['android', 'ios']), token: zText().min(8).max(4096) }),
  z.object({
    platform: z.literal('web'),
    subscription: z.object({
      endpoint: z.url().max(2048),
      keys: z.object({ p256dh: zText().min(1).max(200), auth: zText().min(1).max(100) }),
    }),
  }),
]);
export type TDeviceRegistration = z.infer<typeof ZDeviceRegistration>;
export const ZDevice = z.object({
  _id: z.string(),
  platform: z.enum(['web', 'android', 'ios']),
  created_at: z.string(),
});
export const ZDeviceIdRequest = z.object({ id: z.uuid() });
