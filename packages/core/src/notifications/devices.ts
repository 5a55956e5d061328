import type { RateLimitStore } from '@rhema/auth';
import { notificationQueries, type Database } from '@rhema/db';
import type { TDeviceRegistration } from '@rhema/schemas';
import { AppError } from '../errors/app-error';
import { iso } from '../iso';
import { takeDeviceRegistrationLimits } from '../rate-limit/member-writes';

// The devices pushes go to (docs/notifications.md): a store app's token, or a browser's Web Push subscription. A
// subscription's endpoint is an address the server will call: only https on the known push services
// (PUSH_ENDPOINT_HOSTS) is taken, so no subscription can make the server call an internal address.

export const ENDPOINT_REFUSED = 'This push subscription is not on a push service we deliver to.';
export const DEVICE_NOT_FOUND = 'We could not find that device.';

/** The browsers' push services (Chrome and Edge through FCM, Firefox, Safari, Edge's own). */
export const DEFAULT_PUSH_ENDPOINT_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.notify.windows.com',
];

export function endpointAllowed(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return hosts.some((allowed) =>
    allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) : host === allowed.toLowerCase(),
  );
}

type DeviceRow = Awaited<ReturnType<typeof notificationQueries.listDevices>>[number];
const toDevice = (row: Pick<DeviceRow, 'id' | 'platform' | 'created_at'>) => ({
  _id: row.id,
  platform: row.platform as 'web' | 'android' | 'ios',
  created_at: iso(row.created_at),
});

export async function registerDevice(options: {
  db: Database;
  userId: string;
  device: TDeviceRegistration;
  endpointHosts: readonly string[];
  rateLimitStore: RateLimitStore;
  now: Date;
}) {
  const { device } = options;
  if (device.platform === 'web' && !endpointAllowed(device.subscription.endpoint, options.endpointHosts))
    throw new AppError('BAD_REQUEST', ENDPOINT_REFUSED, { field: 'subscription' });
  await takeDeviceRegistrationLimits(options, options.userId);
  const row = await notificationQueries.insertDevice(options.db, {
    userId: options.userId,
    platform: device.platform,
    now: options.now,
    ...(device.platform === 'web'
      ? {
          token: device.subscription.endpoint,
          p256dh: device.subscription.keys.p256dh,
          auth: device.subscription.keys.auth,
        }
      : { token: device.token }),
  });
  return { _id: row.id };
}

export async function listMyDevices(options: { db: Database; userId: string }) {
  return (await notificationQueries.listDevices(options.db, options.userId)).map(toDevice);
}

export async function removeMyDevice(options: { db: Database; userId: string; id: string }) {
  if (!(await notificationQueries.deleteDevice(options.db, { id: options.id, userId: options.userId })))
    throw new AppError('NOT_FOUND', DEVICE_NOT_FOUND);
  return {};
}
