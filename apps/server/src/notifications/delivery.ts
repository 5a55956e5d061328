import { Agent } from 'node:https';
import {
  createApnsSender,
  createFcmSender,
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
    | 'FCM_SERVICE_ACCOUNT_JSON'
    | 'FCM_TOKEN_URL'
    | 'FCM_API_URL'
    | 'APNS_KEY_P8'
    | 'APNS_KEY_ID'
    | 'APNS_TEAM_ID'
    | 'APNS_TOPIC'
    | 'APNS_HOST'
  >
>;

/**
 * Web Push with the VAPID keys; Android through FCM and iOS through APNs when their keys are set, else as files in
 * PUSH_DIR. `tls.ca`: certificate authorities the push connections trust besides the system's (a test's own push
 * service); never a switch that turns verification off.
 */
export function pushSender(
  env: PushEnv,
  log?: { info(message: string): void },
  tls: { ca?: string } = {},
): PushSender {
  const web =
    env.WEB_PUSH_VAPID_PUBLIC_KEY && env.WEB_PUSH_VAPID_PRIVATE_KEY
      ? createWebPushSender(
          {
            publicKey: env.WEB_PUSH_VAPID_PUBLIC_KEY,
            privateKey: env.WEB_PUSH_VAPID_PRIVATE_KEY,
            subject: env.WEB_PUSH_VAPID_SUBJECT ?? 'mailto:support@rhema.example',
          },
          tls.ca ? { agent: new Agent({ ca: tls.ca, keepAlive: false }) } : {},
        )
      : undefined;
  const files = createFilePushSender(env.PUSH_DIR ?? '.data/push', log);
  const android = env.FCM_SERVICE_ACCOUNT_JSON
    ? createFcmSender({
        serviceAccount: env.FCM_SERVICE_ACCOUNT_JSON,
        tokenUrl: env.FCM_TOKEN_URL ?? 'https://oauth2.googleapis.com/token',
        apiUrl: env.FCM_API_URL ?? 'https://fcm.googleapis.com',
      })
    : files;
  const ios =
    env.APNS_KEY_P8 && env.APNS_KEY_ID && env.APNS_TEAM_ID && env.APNS_TOPIC
      ? createApnsSender({
          keyP8: env.APNS_KEY_P8,
          keyId: env.APNS_KEY_ID,
          teamId: env.APNS_TEAM_ID,
          topic: env.APNS_TOPIC,
          host: env.APNS_HOST ?? 'https://api.push.apple.com',
          ...(tls.ca ? { ca: tls.ca } : {}),
        })
      : files;
  return pushByPlatform({ ...(web ? { web } : {}), android, ios });
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
