import { eventQueries, type Database } from '@rhema/db';
import { LAUNCH_EVENT_SLUG, type TEvent, type TEventList } from '@rhema/schemas';
import type { UseCaseDeps } from '../deps';
import { AppError } from '../errors/app-error';
import { iso } from '../iso';
import {
  EVENT_NOT_FOUND,
  eventFields,
  meetAgainUntil,
  myRsvpOf,
  whyNotAttend,
  type AudienceFacts,
  type EventRow,
} from './event-fields';

// What members read: the upcoming events (by city), one event with their own RSVP, their events, and the launch
// page's guest list (public: first names and initials of the confirmed guests who opted in).

type Deps = Pick<UseCaseDeps, 'db' | 'now'> & { userId: string };

async function toEvents(deps: Deps, rows: readonly EventRow[], facts?: AudienceFacts): Promise<TEvent[]> {
  const known = facts ?? (await eventQueries.audienceFacts(deps.db, deps.userId));
  const rsvps = await eventQueries.rsvpsOf(deps.db, { userId: deps.userId, eventIds: rows.map((r) => r.id) });
  const byEvent = new Map(rsvps.map((r) => [r.event_id, r]));
  return Promise.all(
    rows.map(async (row) => {
      const reason = whyNotAttend(row, known);
      const ended = new Date(row.ends_at).getTime() <= deps.now.getTime();
      return {
        ...eventFields(row),
        may_attend: reason === null,
        may_not_attend_reason: reason,
        my_rsvp: await myRsvpOf(deps.db, byEvent.get(row.id)),
        meet_again_until: ended ? iso(meetAgainUntil(row)) : null,
      };
    }),
  );
}

/** Published events that have not ended, soonest first; `city` narrows them (any case). */
export async function listEvents(deps: Deps & { input: { city?: string | undefined } }): Promise<TEventList> {
  const [rows, cities] = await Promise.all([
    eventQueries.listUpcoming(deps.db, { now: deps.now, city: deps.input.city }),
    eventQueries.upcomingCities(deps.db, deps.now),
  ]);
  return { data: await toEvents(deps, rows), cities };
}

/** A published or cancelled event (drafts are the console's only): NOT_FOUND otherwise. */
export async function findVisibleEvent(db: Database, id: string): Promise<EventRow> {
  const row = await eventQueries.findEvent(db, id);
  if (!row || row.status === 'draft') throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
  return row;
}

export async function getEvent(deps: Deps & { eventId: string }): Promise<TEvent> {
  const row = await findVisibleEvent(deps.db, deps.eventId);
  const [event] = await toEvents(deps, [row]);
  return event!;
}

/** The member's events: every one they hold a place or a waitlist spot at, past ones too (for "we met"). */
export async function listUserEvents(deps: Deps): Promise<TEvent[]> {
  const ids = await eventQueries.listUserEventIds(deps.db, deps.userId);
  const rows = await Promise.all(ids.map((id) => eventQueries.findEvent(deps.db, id)));
  return toEvents(
    deps,
    rows.filter((r): r is EventRow => r !== undefined),
  );
}

/** The /launch page's Guest List: "Ada O." for each confirmed guest who opted in. */
export async function launchGuestList(deps: Pick<UseCaseDeps, 'db'>) {
  const row = await eventQueries.findEventBySlug(deps.db, LAUNCH_EVENT_SLUG);
  if (!row || row.status !== 'published') return { event: null, guests: [] };
  const names = await eventQueries.guestNames(deps.db, row.id);
  return {
    event: { _id: row.id, title: row.title, starts_at: iso(row.starts_at) },
    guests: names.map((n) => {
      const initial = n.last_name.trim().charAt(0).toUpperCase();
      return initial ? `${n.first_name} ${initial}.` : n.first_name;
    }),
  };
}
