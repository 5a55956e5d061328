import {
  createFilePushSender,
  createWebPushSender,
  DEFAULT_DELIVERY,
  DEFAULT_PUSH_ENDPOINT_HOSTS,
  pushByPlatform,
  type NotificationDelivery,
  type PushSender,
} from '@rhema/core';
import type { Env } from '../env';

// How this instance delivers notifications (docs/notifications.md), from the environment: the mail delay, the
// links' origin, the unsubscribe secret and the push providers.

type PushEnv = Partial<
  Pick<
    Env,
    | 'WEB_PUSH_VAPID_PUBLIC_KEY'
    | 'WEB_PUSH_VAPID_PRIVATE_KEY'
    | 'WEB_PUSH_VAPID_SUBJECT'
    | 'PUSH_ENDPOINT_HOSTS'
    | 'PUSH_DIR'
  >
>;

/** Web Push with the VAPID keys; the store apps' pushes as files in PUSH_DIR (no FCM/APNs keys are read yet). */
export function pushSender(env: PushEnv, log?: { info(message: string): void }): PushSender {
  const web =
    env.WEB_PUSH_VAPID_PUBLIC_KEY && env.WEB_PUSH_VAPID_PRIVATE_KEY
      ? createWebPushSender({
          publicKey: env.WEB_PUSH_VAPID_PUBLIC_KEY,
          privateKey: env.WEB_PUSH_VAPID_PRIVATE_KEY,
          subject: env.WEB_PUSH_VAPID_SUBJECT ?? 'mailto:support@rhema.example',
        })
      : undefined;
  const files = createFilePushSender(env.PUSH_DIR ?? '.data/push', log);
  return pushByPlatform({ ...(web ? { web } : {}), android: files, ios: files });
}

export function pushConfig(env: PushEnv) {
  return {
    publicKey: env.WEB_PUSH_VAPID_PUBLIC_KEY ?? null,
    endpointHosts: env.PUSH_ENDPOINT_HOSTS ?? DEFAULT_PUSH_ENDPOINT_HOSTS,
  };
}

export function notificationDelivery(
  env: Partial<Pick<Env, 'NOTIFICATION_EMAIL_DELAY_S' | 'NOTIFICATION_SECRET'>>,
  options: { origin: string; push: PushSender | null },
): NotificationDelivery {
  return {
    emailDelayMs: (env.NOTIFICATION_EMAIL_DELAY_S ?? 900) * 1000,
    origin: options.origin,
    secret: env.NOTIFICATION_SECRET ?? DEFAULT_DELIVERY.secret,
    push: options.push,
  };
}
