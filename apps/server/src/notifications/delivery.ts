import { DEFAULT_DELIVERY, type NotificationDelivery, type PushSender } from '@rhema/core';
import type { Env } from '../env';

// How this instance delivers notifications (docs/notifications.md), from the environment: the mail delay, the
// links' origin, the unsubscribe secret and the push providers.
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
