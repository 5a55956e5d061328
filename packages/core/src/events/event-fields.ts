import { randomInt } from 'node:crypto';
import { eventQueries, type Database } from '@rhema/db';
import {
  CHECK_IN_CODE_ALPHABET,
  CHECK_IN_CODE_LENGTH,
  EVENT_AUDIENCE_LABEL,
  MEET_AGAIN_WINDOW_MS,
  type EventAudience,
  type EventStatus,
  type RsvpStatus,
  type TMyRsvp,
} from '@rhema/schemas';
import { iso } from '../iso';

// What every events use case shares: the event's fields as the API writes them, the one rule of who may come,
// a check-in code, and when the "we met" window closes.

export type EventRow = eventQueries.EventRow;
export type RsvpRow = eventQueries.RsvpRow;
export type AudienceFacts = Awaited<ReturnType<typeof eventQueries.audienceFacts>>;

export const EVENT_NOT_FOUND = 'We could not find that event.';

export function eventFields(row: EventRow) {
  const audience = row.audience as EventAudience;
  return {
    _id: row.id,
    title: row.title,
    city: row.city,
    venue: row.venue,
    starts_at: iso(row.starts_at),
    ends_at: iso(row.ends_at),
    capacity: row.capacity,
    places_left: Math.max(0, row.capacity - row.confirmed_count),
    description: row.description,
    image_url: row.image_url,
    audience,
    audience_label: EVENT_AUDIENCE_LABEL[audience],
    community:
      row.community_id && row.community_name && row.community_slug
        ? { _id: row.community_id, name: row.community_name, slug: row.community_slug }
        : null,
    status: row.status as EventStatus,
  };
}

/**
 * Who may come (the one rule): everyone; verified members (users.identity_verified_at, the verified badge's one
 * source); or the members of the event's community. Null when they may, else why not, in the member's words.
 */
export function whyNotAttend(row: EventRow, facts: AudienceFacts): string | null {
  if (row.audience === 'verified' && !facts.verified) {
    return 'This event is for verified members: verify your identity under Account to come.';
  }
  if (row.audience === 'community' && !(row.community_id && facts.communityIds.has(row.community_id))) {
    return `This event is for the members of ${row.community_name ?? 'a community'}: join it to come.`;
  }
  return null;
}

/** The end of the "we met" window: 72 hours after the event ends. */
export function meetAgainUntil(row: Pick<EventRow, 'ends_at'>): Date {
  return new Date(new Date(row.ends_at).getTime() + MEET_AGAIN_WINDOW_MS);
}

export function newCheckInCode(): string {
  let code = '';
  for (let i = 0; i < CHECK_IN_CODE_LENGTH; i++) {
    code += CHECK_IN_CODE_ALPHABET[randomInt(CHECK_IN_CODE_ALPHABET.length)];
  }
  return code;
}

export async function myRsvpOf(db: Database, row: RsvpRow | undefined): Promise<TMyRsvp | null> {
  if (!row) return null;
  const status = row.status as RsvpStatus;
  return {
    _id: row.id,
    status,
    waitlist_position:
      status === 'waitlisted'
        ? await eventQueries.waitlistPosition(db, { eventId: row.event_id, arrival: row.arrival })
        : null,
    check_in_code: row.check_in_code,
    checked_in_at: row.checked_in_at === null ? null : iso(row.checked_in_at),
    on_guest_list: row.on_guest_list,
  };
}
