import { notificationQueries, type Database } from '@rhema/db';
import { firstNameOf, notify, notifyEach } from './notify';

// What each event tells whom: the texts and pages of every kind (docs/notifications.md). The use cases call these
// after (or inside) the change itself. Texts carry first names at most: no message text, phone number or
// special-category answer is ever part of a notification, so none can reach a mail or a lock screen.

type Db = Database;

export async function friendRequested(db: Db, o: { requesterId: string; addresseeId: string; now: Date }) {
  const name = await firstNameOf(db, o.requesterId);
  await notify(db, {
    recipientId: o.addresseeId,
    actorId: o.requesterId,
    kind: 'friend_request',
    title: `${name} sent you a friend request`,
    url: '/account/friends',
    now: o.now,
  });
}

export async function friendAccepted(db: Db, o: { requesterId: string; addresseeId: string; now: Date }) {
  const name = await firstNameOf(db, o.addresseeId);
  await notify(db, {
    recipientId: o.requesterId,
    actorId: o.addresseeId,
    kind: 'friend_accepted',
    title: `${name} accepted your friend request`,
    body: 'You can now send each other messages.',
    url: `/account/messages/${o.addresseeId}`,
    now: o.now,
  });
}

export async function messageSent(db: Db, o: { senderId: string; recipientId: string; now: Date }) {
  const name = await firstNameOf(db, o.senderId);
  await notify(db, {
    recipientId: o.recipientId,
    actorId: o.senderId,
    kind: 'message',
    title: `New message from ${name}`,
    url: `/account/messages/${o.senderId}`,
    groupKey: `conversation:${o.senderId}`,
    now: o.now,
  });
}

export async function callMissed(db: Db, o: { callerId: string; calleeId: string; now: Date }) {
  const name = await firstNameOf(db, o.callerId);
  await notify(db, {
    recipientId: o.calleeId,
    actorId: o.callerId,
    kind: 'missed_call',
    title: `You missed a video call from ${name}`,
    url: `/account/messages/${o.callerId}`,
    now: o.now,
  });
}

/** An introduction moved: its owner requested it (the contact is told), or the contact answered (the owner is). */
export async function introductionMoved(
  db: Db,
  o: { action: 'request' | 'accept' | 'reject'; ownerId: string; contactId: string; now: Date },
) {
  if (o.action === 'request') {
    const name = await firstNameOf(db, o.ownerId);
    await notify(db, {
      recipientId: o.contactId,
      actorId: o.ownerId,
      kind: 'introduction_request',
      title: `${name} would like to be introduced to you`,
      body: 'Accept or decline the introduction.',
      url: '/account/introductions',
      now: o.now,
    });
    return;
  }
  const name = await firstNameOf(db, o.contactId);
  await notify(db, {
    recipientId: o.ownerId,
    actorId: o.contactId,
    kind: o.action === 'accept' ? 'introduction_accepted' : 'introduction_declined',
    title:
      o.action === 'accept' ? `${name} accepted your introduction` : `${name} declined your introduction`,
    url: '/account/introductions',
    now: o.now,
  });
}

/** A consultant paired the member with someone (an introduction with a match). */
export async function matchSuggested(db: Db, o: { ownerId: string; now: Date }) {
  await notify(db, {
    recipientId: o.ownerId,
    kind: 'match_suggested',
    title: 'Your consultant has suggested a match',
    url: '/account/introductions',
    now: o.now,
  });
}

/** A consultant handled the member's request for an introduction. */
export async function matchRequestHandled(
  db: Db,
  o: { requesterId: string; outcome: 'introduced' | 'declined'; now: Date },
) {
  await notify(db, {
    recipientId: o.requesterId,
    kind: 'match_request_update',
    title:
      o.outcome === 'introduced'
        ? 'Your consultant arranged the introduction you asked for'
        : 'Your consultant answered your introduction request',
    url: '/account/introductions',
    now: o.now,
  });
}

export async function staffMatchRequest(db: Db, o: { requesterId: string; now: Date }) {
  const name = await firstNameOf(db, o.requesterId);
  await notifyEach(db, await notificationQueries.listStaffIds(db), {
    actorId: o.requesterId,
    kind: 'staff_match_request',
    title: `${name} asks for an introduction`,
    url: '/admin21/requests',
    now: o.now,
  });
}

export async function staffReport(db: Db, o: { reporterId: string; now: Date }) {
  await notifyEach(db, await notificationQueries.listStaffIds(db), {
    actorId: o.reporterId,
    kind: 'staff_report',
    title: 'A member filed a report',
    url: '/admin21/reports',
    now: o.now,
  });
}

export async function eventPlace(db: Db, o: { userId: string; eventId: string; title: string; now: Date }) {
  await notify(db, {
    recipientId: o.userId,
    kind: 'event_place',
    title: `A place is yours at ${o.title}`,
    url: `/events/${o.eventId}`,
    now: o.now,
  });
}

export async function eventCancelled(
  db: Db,
  o: { userIds: string[]; eventId: string; title: string; now: Date },
) {
  await notifyEach(db, o.userIds, {
    kind: 'event_cancelled',
    title: `${o.title} is cancelled`,
    url: `/events/${o.eventId}`,
    now: o.now,
  });
}

/** The hours left before an event's start, as its reminder says them. */
function startsIn(startsAt: Date, now: Date): string {
  const hours = Math.round((startsAt.getTime() - now.getTime()) / 3_600_000);
  if (hours < 1) return 'starts within the hour';
  return `starts in ${hours} hour${hours === 1 ? '' : 's'}`;
}

/** 24 hours before the event (packages/core/src/events/reminders.ts); `data` names the event and its start. */
export async function eventReminder(
  db: Db,
  o: {
    userId: string;
    eventId: string;
    title: string;
    venue: string;
    city: string;
    startsAt: Date;
    now: Date;
  },
) {
  await notify(db, {
    recipientId: o.userId,
    kind: 'event_reminder',
    title: `${o.title} ${startsIn(o.startsAt, o.now)}`,
    body: `${o.venue}, ${o.city}`,
    url: `/events/${o.eventId}`,
    data: { eventId: o.eventId, startsAt: o.startsAt.toISOString() },
    now: o.now,
  });
}

export async function verificationResult(db: Db, o: { userId: string; verified: boolean; now: Date }) {
  await notify(db, {
    recipientId: o.userId,
    kind: 'verification_result',
    title: o.verified ? 'Your identity is verified' : 'Your identity check did not succeed',
    url: '/account/verification',
    now: o.now,
  });
}

export async function premiumPaid(db: Db, o: { userId: string; now: Date }) {
  await notify(db, {
    recipientId: o.userId,
    kind: 'premium_paid',
    title: 'Your premium is active',
    body: 'You can now request your introduction.',
    url: '/account/introductions',
    now: o.now,
  });
}
