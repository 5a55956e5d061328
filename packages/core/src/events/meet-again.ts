import { eventQueries } from '@rhema/db';
import type { TMeetAgain } from '@rhema/schemas';
import type { UseCaseDeps } from '../deps';
import { AppError } from '../errors/app-error';
import { iso } from '../iso';
import { memberProfiles } from '../social/profiles';
import { meetAgainUntil } from './event-fields';
import { findVisibleEvent } from './list-events';

// "We met": in the 72 hours after an event, an attendee who was checked in may name the other checked-in
// attendees they would like to meet again. The choices are private (nobody else ever reads them); when two name
// each other the consultants get a request to introduce them (the match-requests queue, marked with the event),
// and neither member is told by the product (docs/decisions/181-event-places-and-waitlist.md).

type Deps = Pick<UseCaseDeps, 'db' | 'now'> & { userId: string; eventId: string };

const NOT_AN_ATTENDEE = 'Only guests who were checked in at this event can say whom they met.';

async function attendance(deps: Deps) {
  const row = await findVisibleEvent(deps.db, deps.eventId);
  const rsvp = await eventQueries.findRsvp(deps.db, { eventId: row.id, userId: deps.userId });
  if (!rsvp || rsvp.checked_in_at === null) throw new AppError('FORBIDDEN', NOT_AN_ATTENDEE);
  const closes = meetAgainUntil(row);
  const open = new Date(row.ends_at).getTime() <= deps.now.getTime() && deps.now.getTime() < closes.getTime();
  return { row, open, closes };
}

export async function getMeetAgain(deps: Deps): Promise<TMeetAgain> {
  const { row, open, closes } = await attendance(deps);
  const [others, chosen] = await Promise.all([
    eventQueries.checkedInOthers(deps.db, { eventId: row.id, userId: deps.userId }),
    eventQueries.meetAgainChoices(deps.db, { eventId: row.id, userId: deps.userId }),
  ]);
  const profiles = await memberProfiles({ db: deps.db, ids: others, viewerId: deps.userId, now: deps.now });
  const picked = new Set(chosen);
  return {
    open,
    closes_at: iso(closes),
    attendees: profiles.map((member) => ({ _id: member._id, member, chosen: picked.has(member._id) })),
  };
}

/** Replaces the attendee's choices while the window is open; mutual pairs become consultants' requests. */
export async function chooseMeetAgain(deps: Deps & { userIds: readonly string[] }): Promise<TMeetAgain> {
  const { row, open } = await attendance(deps);
  if (!open) {
    throw new AppError(
      'CONFLICT',
      new Date(row.ends_at).getTime() > deps.now.getTime()
        ? 'You can say whom you met once the event is over.'
        : 'The 72 hours to say whom you met are over.',
    );
  }
  // the guests this member may see (a block either way hides one): the only ones they may name
  const others = new Set(
    (
      await memberProfiles({
        db: deps.db,
        ids: await eventQueries.checkedInOthers(deps.db, { eventId: row.id, userId: deps.userId }),
        viewerId: deps.userId,
        now: deps.now,
      })
    ).map((p) => p._id),
  );
  const wanted = [...new Set(deps.userIds)];
  if (wanted.some((id) => !others.has(id))) {
    throw new AppError('BAD_REQUEST', 'Choose among the guests who were at this event.', {
      field: 'user_ids',
    });
  }
  await deps.db.transaction().execute(async (trx) => {
    // two guests naming each other at the same moment must see each other's choice: one queue per event
    await eventQueries.lockEvent(trx, row.id);
    const mutual = await eventQueries.replaceMeetAgain(trx, {
      eventId: row.id,
      userId: deps.userId,
      otherIds: wanted,
      now: deps.now,
    });
    for (const other of mutual) {
      // the one who named the other first is the request's asker
      await eventQueries.insertEventMatchRequest(trx, {
        eventId: row.id,
        requesterId: other,
        memberId: deps.userId,
        now: deps.now,
      });
    }
  });
  return getMeetAgain(deps);
}
