import { runRegistrationJob } from '../auth/register-member';
import { runPasswordResetJob } from '../password/request-password-reset';
import type { JobHandlers } from './queue';
import {
  dispatchNotification,
  mailDigest,
  mailNotification,
  runDevicePush,
  runNotificationPush,
} from '../notifications/deliver';
import { runEventReminder } from '../events/reminders';
import { pushRing } from '../notifications/ring';
import { closeStaleCalls } from '../social/calls';

/** What runs each kind of job (packages/core/src/jobs/queue.ts): one entry per kind, checked by the type. */
export const jobHandlers: JobHandlers = {
  mail: (job, ctx) => ctx.mailer.send(job.message),
  'password-reset': runPasswordResetJob,
  registration: runRegistrationJob,
  notification: dispatchNotification,
  'notification-email': mailNotification,
  'notification-push': runNotificationPush,
  'notification-push-device': runDevicePush,
  'notification-digest': mailDigest,
  'event-reminder': runEventReminder,
  'call-ring': pushRing,
  'call-sweep': (_job, ctx) => closeStaleCalls(ctx.db, ctx.now),
};
