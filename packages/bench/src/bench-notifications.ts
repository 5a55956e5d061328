import {
  createMemoryMailer,
  jobHandlers,
  notify,
  runDueJobs,
  type NotificationDelivery,
  type PushSender,
} from '@rhema/core';
import type { Database } from '@rhema/db';

// Notifications (docs/notifications.md): a burst of 1,000 events (friend requests from 1,000 members to 100),
// stored through notify() as the use cases do, then delivered by one worker as a server instance runs it: events
// stored per second, notifications delivered (pushed, mails scheduled) per second, and the queue's lag (from the
// last event stored to the last delivery done). A figure, never an assertion.

export async function benchNotifications(db: Database): Promise<void> {
  const users = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'member')
    .where('status', '=', 'active')
    .limit(1100)
    .execute();
  if (users.length < 200) {
    console.log('  notifications: not enough members seeded for the burst');
    return;
  }
  const recipients = users.slice(0, 100).map((u) => u.id);
  const actors = users.slice(100).map((u) => u.id);
  let pushes = 0;
  const push: PushSender = {
    async send() {
      pushes += 1;
      return 'sent';
    },
  };
  // every recipient has a device, so each notification is pushed at once and its mail scheduled
  for (const [i, userId] of recipients.entries())
    await db
      .insertInto('push_devices')
      .values({ user_id: userId, platform: 'android', token: `bench-token-${i}-${Date.now()}` })
      .execute();
  const delivery: NotificationDelivery = {
    emailDelayMs: 0,
    origin: 'https://rhema.example',
    secret: 'bench',
    push,
  };
  const now = new Date();
  const events = 1000;
  const started = performance.now();
  for (let i = 0; i < events; i++)
    await notify(db, {
      recipientId: recipients[i % recipients.length]!,
      actorId: actors[i % actors.length]!,
      kind: 'friend_request',
      title: 'A member sent you a friend request',
      url: '/account/friends',
      now,
    });
  const stored = performance.now();
  const mailer = createMemoryMailer();
  await runDueJobs({ db, mailer, clock: () => new Date(), delivery }, jobHandlers, 50);
  const done = performance.now();
  const storeS = (stored - started) / 1000;
  const deliverS = (done - stored) / 1000;
  console.log(
    `  notifications: ${events} events stored in ${storeS.toFixed(2)} s (${Math.round(events / storeS)}/s); ` +
      `delivered in ${deliverS.toFixed(2)} s (${Math.round(events / deliverS)}/s: ${pushes} pushes, ` +
      `${mailer.messages.length} mails); queue lag after the last event ${(deliverS * 1000).toFixed(0)} ms`,
  );
}
