import { notificationQueries, type Database } from '@rhema/db';
import {
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type TNotificationSettings,
  type TNotificationSettingsPatch,
} from '@rhema/schemas';

// A member's notification settings (table notification_settings): no row means the defaults
// (NOTIFICATION_DEFAULTS in packages/schemas); a row keeps only what the member changed per kind.

type Channels = { email: boolean; push: boolean };

export interface StoredSettings {
  kinds: Record<NotificationKind, Channels>;
  quietStart: number | null;
  quietEnd: number | null;
  timeZone: string;
  digest: boolean;
  discreet: boolean;
}

const toMinutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
const toClock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The member's settings with the defaults filled in. */
export async function loadSettings(db: Database, userId: string): Promise<StoredSettings> {
  const row = await notificationQueries.findSettings(db, userId);
  const stored = (row?.kinds ?? {}) as Partial<Record<string, Partial<Channels>>>;
  const kinds = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, { ...NOTIFICATION_DEFAULTS[kind], ...stored[kind] }]),
  ) as Record<NotificationKind, Channels>;
  return {
    kinds,
    quietStart: row?.quiet_start ?? null,
    quietEnd: row?.quiet_end ?? null,
    timeZone: row?.time_zone ?? 'UTC',
    digest: row?.digest ?? false,
    discreet: row?.discreet ?? false,
  };
}

export function toSettingsView(settings: StoredSettings): TNotificationSettings {
  return {
    kinds: settings.kinds,
    quiet_hours:
      settings.quietStart === null || settings.quietEnd === null
        ? null
        : { start: toClock(settings.quietStart), end: toClock(settings.quietEnd) },
    time_zone: settings.timeZone,
    digest: settings.digest,
    discreet: settings.discreet,
  };
}

export async function getNotificationSettings(options: {
  db: Database;
  userId: string;
}): Promise<TNotificationSettings> {
  return toSettingsView(await loadSettings(options.db, options.userId));
}

async function save(db: Database, userId: string, next: StoredSettings, now: Date) {
  // only what differs from the defaults is stored, so a later change of a default reaches those who kept it
  const kinds = Object.fromEntries(
    NOTIFICATION_KINDS.flatMap((kind) => {
      const own = next.kinds[kind];
      const base = NOTIFICATION_DEFAULTS[kind];
      return own.email === base.email && own.push === base.push ? [] : [[kind, own]];
    }),
  );
  await notificationQueries.saveSettings(db, {
    userId,
    kinds,
    quietStart: next.quietStart,
    quietEnd: next.quietEnd,
    timeZone: next.timeZone,
    digest: next.digest,
    discreet: next.discreet,
    now,
  });
}

/** PATCH notification-settings: what the patch names changes, the rest stays. */
export async function updateNotificationSettings(options: {
  db: Database;
  userId: string;
  patch: TNotificationSettingsPatch;
  now: Date;
}): Promise<TNotificationSettings> {
  const { patch } = options;
  const current = await loadSettings(options.db, options.userId);
  const kinds = { ...current.kinds };
  for (const [kind, channels] of Object.entries(patch.kinds ?? {}) as [NotificationKind, Partial<Channels>][])
    kinds[kind] = { ...kinds[kind], ...channels };
  const quiet =
    patch.quiet_hours === undefined
      ? { start: current.quietStart, end: current.quietEnd }
      : patch.quiet_hours === null
        ? { start: null, end: null }
        : { start: toMinutes(patch.quiet_hours.start), end: toMinutes(patch.quiet_hours.end) };
  const next: StoredSettings = {
    kinds,
    quietStart: quiet.start,
    quietEnd: quiet.end,
    timeZone: patch.time_zone ?? current.timeZone,
    digest: patch.digest ?? current.digest,
    discreet: patch.discreet ?? current.discreet,
  };
  await save(options.db, options.userId, next, options.now);
  return toSettingsView(next);
}

/** One-click unsubscribe (./unsubscribe.ts): that kind's email off, nothing else changed. */
export async function turnEmailOff(db: Database, userId: string, kind: NotificationKind, now: Date) {
  const current = await loadSettings(db, userId);
  current.kinds[kind] = { ...current.kinds[kind], email: false };
  await save(db, userId, current, now);
}
