import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// In-person meetups (docs/decisions/181-event-places-and-waitlist.md). Staff create an event (a draft), publish,
// edit or cancel it; members answer it with one RSVP each. `confirmed_count` is the event's taken places: an RSVP
// takes one with a conditional update (confirmed_count < capacity), so the row lock decides who gets the last
// place. Waitlisted RSVPs keep their arrival order in `arrival` (a sequence, never reused). After the event the
// attendees who were checked in may name whom they would like to meet again (event_meet_again, private); a
// mutual pair becomes a consultants' request (match_requests.event_id).
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE events (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      -- a stable name for the events the site points to ('launch': the /launch page's guest list)
      slug text UNIQUE,
      title text NOT NULL,
      city text NOT NULL,
      venue text NOT NULL,
      starts_at timestamptz NOT NULL,
      ends_at timestamptz NOT NULL,
      capacity integer NOT NULL CHECK (capacity > 0),
      description text NOT NULL,
      image_url text,
      audience text NOT NULL DEFAULT 'everyone' CHECK (audience IN ('everyone', 'verified', 'community')),
      community_id uuid REFERENCES communities (id) ON DELETE RESTRICT,
      status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'cancelled')),
      confirmed_count integer NOT NULL DEFAULT 0 CHECK (confirmed_count >= 0),
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      published_at timestamptz,
      cancelled_at timestamptz,
      CHECK (ends_at > starts_at),
      CHECK ((audience = 'community') = (community_id IS NOT NULL))
    );
    CREATE INDEX events_upcoming_idx ON events (status, starts_at);

    CREATE SEQUENCE event_rsvp_arrival_seq;
    CREATE TABLE event_rsvps (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      event_id uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      status text NOT NULL CHECK (status IN ('confirmed', 'waitlisted', 'cancelled')),
      arrival bigint NOT NULL DEFAULT nextval('event_rsvp_arrival_seq'),
      check_in_code text,
      checked_in_at timestamptz,
      checked_in_by uuid REFERENCES users (id) ON DELETE SET NULL,
      -- the member agreed to appear on the event's public guest list (first name and initial)
      on_guest_list boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (event_id, user_id),
      CHECK ((status = 'confirmed') = (check_in_code IS NOT NULL))
    );
    CREATE UNIQUE INDEX event_rsvps_code_key ON event_rsvps (event_id, check_in_code);
    CREATE INDEX event_rsvps_waitlist_idx ON event_rsvps (event_id, arrival) WHERE status = 'waitlisted';
    CREATE INDEX event_rsvps_user_idx ON event_rsvps (user_id);

    CREATE TABLE event_meet_again (
      event_id uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      other_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (event_id, user_id, other_id),
      CHECK (user_id <> other_id)
    );

    ALTER TABLE match_requests ADD COLUMN event_id uuid REFERENCES events (id) ON DELETE SET NULL;
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `ALTER TABLE match_requests DROP COLUMN IF EXISTS event_id;
     DROP TABLE IF EXISTS event_meet_again;
     DROP TABLE IF EXISTS event_rsvps;
     DROP SEQUENCE IF EXISTS event_rsvp_arrival_seq;
     DROP TABLE IF EXISTS events;`,
  );
}
