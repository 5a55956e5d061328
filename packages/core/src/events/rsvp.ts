import { eventQueries, type Database } from '@rhema/db';
import type { TEvent } from '@rhema/schemas';
import type { UseCaseDeps } from '../deps';
import { AppError } from '../errors/app-error';
import { takeGuestListLimits, takeRsvpLimits } from '../rate-limit/member-writes';
import { eventPlaceConfirmedEmail } from '../mail/templates';
import { newCheckInCode, whyNotAttend, type EventRow } from './event-fields';
import { findVisibleEvent, getEvent } from './list-events';
import * as tell from '../notifications/events';
import { ensureEventReminder } from './reminders';

// A member's RSVP: a place while one is left, else the waitlist in arrival order; cancelling frees the place for
// the first on the waitlist, who is told by email (docs/decisions/181-event-places-and-waitlist.md).

type Deps = Pick<UseCaseDeps, 'db' | 'now' | 'jobs' | 'rateLimitStore'> & { userId: string };
type Trx = Parameters<Parameters<ReturnType<Database['transaction']>['execute']>[0]>[0];

function requireOpen(row: EventRow, now: Date) {
  if (row.status === 'cancelled') throw new AppError('CONFLICT', 'This event was cancelled.');
  if (new Date(row.starts_at).getTime() <= now.getTime()) {
    throw new AppError('CONFLICT', 'This event has already started.');
  }
}

/**
 * Answers the event: a place when the conditional update takes one, else (with the event's row locked, so the
 * order is the lock's) the end of the waitlist. Answering again while holding a place or a spot changes nothing.
 * An answer that writes counts against the RSVP limits (a cancelled place mails the next on the waitlist, so
 * cycling would make the server send mail: docs/security.md, F29); a guest-list change against its own.
 */
export async function rsvpToEvent(
  deps: Deps & { eventId: string; onGuestList?: boolean | undefined },
): Promise<TEvent> {
  const row = await findVisibleEvent(deps.db, deps.eventId);
  requireOpen(row, deps.now);
  const reason = whyNotAttend(row, await eventQueries.audienceFacts(deps.db, deps.userId));
  if (reason) throw new AppError('FORBIDDEN', reason);
  const existing = await eventQueries.findRsvp(deps.db, { eventId: row.id, userId: deps.userId });
  if (existing && existing.status !== 'cancelled') {
    if (deps.onGuestList !== undefined && deps.onGuestList !== existing.on_guest_list) {
      await takeGuestListLimits(deps, deps.userId);
      await eventQueries.setGuestList(deps.db, {
        id: existing.id,
        onGuestList: deps.onGuestList,
        now: deps.now,
      });
    }
    return getEvent({ ...deps, eventId: row.id });
  }
  await takeRsvpLimits(deps, deps.userId, row.id);
  await deps.db.transaction().execute(async (trx) => {
    let seat = await eventQueries.takePlace(trx, { eventId: row.id, now: deps.now });
    if (!seat) {
      const locked = await eventQueries.lockEvent(trx, row.id);
      if (!locked) throw new AppError('NOT_FOUND', 'We could not find that event.');
      requireOpen({ ...row, status: locked.status, starts_at: locked.starts_at }, deps.now);
      // a place freed with nobody waiting since the first try; with the lock held this answer is final
      seat = await eventQueries.takePlace(trx, { eventId: row.id, now: deps.now });
    }
    const inserted = await eventQueries.upsertRsvp(trx, {
      eventId: row.id,
      userId: deps.userId,
      status: seat ? 'confirmed' : 'waitlisted',
      checkInCode: seat ? newCheckInCode() : null,
      onGuestList: deps.onGuestList ?? false,
      now: deps.now,
    });
    // the same member's parallel answer got there first: give back the place this one took
    if (!inserted && seat) await eventQueries.releasePlace(trx, row.id);
    else if (seat) await ensureEventReminder(trx, row, deps.now);
  });
  return getEvent({ ...deps, eventId: row.id });
}

/**
 * Gives the event's free places to the first on the waitlist, in arrival order; the caller holds the event's
 * lock. Returns who was promoted, to be told once the transaction commits.
 */
export async function promoteFromWaitlist(
  trx: Trx,
  options: { eventId: string; now: Date },
): Promise<string[]> {
  const event = await eventQueries.lockEvent(trx, options.eventId);
  if (!event || event.status !== 'published') return [];
  const free = event.capacity - event.confirmed_count;
  if (free <= 0) return [];
  const next = await eventQueries.firstWaitlisted(trx, { eventId: options.eventId, limit: free });
  if (next.length === 0) return [];
  const taken = await eventQueries.takePlace(trx, {
    eventId: options.eventId,
    now: options.now,
    places: next.length,
  });
  if (!taken) return [];
  for (const rsvp of next) {
    await eventQueries.confirmRsvp(trx, { id: rsvp.id, checkInCode: newCheckInCode(), now: options.now });
  }
  await ensureEventReminder(
    trx,
    { id: event.id, status: event.status, starts_at: event.starts_at },
    options.now,
  );
  return next.map((r) => r.user_id);
}

/**
 * Gives a place freed other than by a cancel (an erased member's) to the first on the waitlist, and tells them; none
 * once the event has started, as for a cancel.
 */
export async function fillFreedPlace(deps: Pick<UseCaseDeps, 'db' | 'jobs' | 'now'>, eventId: string) {
  const row = await eventQueries.findEvent(deps.db, eventId);
  if (!row || new Date(row.starts_at).getTime() <= deps.now.getTime()) return;
  const promoted = await deps.db
    .transaction()
    .execute((trx) => promoteFromWaitlist(trx, { eventId, now: deps.now }));
  await tellPromoted(deps, row, promoted);
}

/** Tells the promoted members that they have a place (after the commit: mail is work after the answer). */
export async function tellPromoted(
  deps: Pick<UseCaseDeps, 'db' | 'jobs' | 'now'>,
  row: EventRow,
  userIds: string[],
) {
  const contacts = await eventQueries.contactsOf(deps.db, userIds);
  for (const contact of contacts) {
    await tell.eventPlace(deps.db, { userId: contact.id, eventId: row.id, title: row.title, now: deps.now });
    await deps.jobs.add({
      kind: 'mail',
      message: eventPlaceConfirmedEmail({
        to: contact.email,
        firstName: contact.first_name,
        title: row.title,
        venue: row.venue,
        city: row.city,
        startsAt: new Date(row.starts_at),
      }),
    });
  }
}

/**
 * Cancels the member's place or waitlist spot; a freed place goes to the first on the waitlist. A cancellation
 * counts against the RSVP limits (F29); one with nothing to cancel changes nothing and counts nothing.
 */
export async function cancelMyRsvp(deps: Deps & { eventId: string }): Promise<TEvent> {
  const row = await findVisibleEvent(deps.db, deps.eventId);
  const held = await eventQueries.findRsvp(deps.db, { eventId: row.id, userId: deps.userId });
  if (held && held.status !== 'cancelled') await takeRsvpLimits(deps, deps.userId, row.id);
  const promoted = await deps.db.transaction().execute(async (trx) => {
    await eventQueries.lockEvent(trx, row.id);
    const rsvp = await eventQueries.findRsvp(trx, { eventId: row.id, userId: deps.userId });
    if (!rsvp || rsvp.status === 'cancelled') return [];
    if (rsvp.checked_in_at !== null) {
      throw new AppError('CONFLICT', 'You were checked in at this event already.');
    }
    await eventQueries.cancelRsvp(trx, { id: rsvp.id, now: deps.now });
    if (rsvp.status !== 'confirmed') return [];
    await eventQueries.releasePlace(trx, row.id);
    // no promotion once the event has started: nobody could reach the door in time
    if (new Date(row.starts_at).getTime() <= deps.now.getTime()) return [];
    return promoteFromWaitlist(trx, { eventId: row.id, now: deps.now });
  });
  await tellPromoted(deps, row, promoted);
  return getEvent({ ...deps, eventId: row.id });
}

/** Whether the member's first name and initial appear on the event's public guest list. */
export async function setOnGuestList(
  deps: Deps & { eventId: string; onGuestList: boolean },
): Promise<TEvent> {
  const row = await findVisibleEvent(deps.db, deps.eventId);
  const rsvp = await eventQueries.findRsvp(deps.db, { eventId: row.id, userId: deps.userId });
  if (!rsvp || rsvp.status === 'cancelled') {
    throw new AppError('NOT_FOUND', 'You have no place at this event.');
  }
  await takeGuestListLimits(deps, deps.userId);
  await eventQueries.setGuestList(deps.db, { id: rsvp.id, onGuestList: deps.onGuestList, now: deps.now });
  return getEvent({ ...deps, eventId: row.id });
}
