import type { Database } from '@rhema/db';

// Events for the demo and the tests: the launch evening (the /launch page's guest list reads it) and a few
// meetups in other cities, published, with some guests who opted in to the guest list.

const DAY_MS = 86_400_000;

export interface SeedEventOptions {
  slug?: string | null;
  title?: string;
  city?: string;
  venue?: string;
  starts_at?: Date;
  ends_at?: Date;
  capacity?: number;
  description?: string;
  image_url?: string | null;
  audience?: 'everyone' | 'verified' | 'community';
  community_id?: string | null;
  status?: 'draft' | 'published' | 'cancelled';
  created_by?: string | null;
}

/** One event (published, in London, a week ahead, 20 places unless told otherwise); returns its id. */
export async function seedEvent(db: Database, options: SeedEventOptions = {}): Promise<string> {
  const starts = options.starts_at ?? new Date(Date.now() + 7 * DAY_MS);
  const row = await db
    .insertInto('events')
    .values({
      slug: options.slug ?? null,
      title: options.title ?? 'Singles supper',
      city: options.city ?? 'London',
      venue: options.venue ?? 'The Long Table, 12 Borough High Street',
      starts_at: starts,
      ends_at: options.ends_at ?? new Date(starts.getTime() + 3 * 3_600_000),
      capacity: options.capacity ?? 20,
      description: options.description ?? 'Dinner for professional singles, hosted by our matchmakers.',
      image_url: options.image_url ?? null,
      audience: options.audience ?? 'everyone',
      community_id: options.community_id ?? null,
      status: options.status ?? 'published',
      published_at: (options.status ?? 'published') === 'published' ? new Date() : null,
      created_by: options.created_by ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The launch evening: 5pm to 9pm (UK time) two weeks after `now`. */
function launchTimes(now: Date) {
  const day = new Date(now.getTime() + 14 * DAY_MS);
  const starts = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 17));
  return { starts_at: starts, ends_at: new Date(starts.getTime() + 4 * 3_600_000) };
}

/** `hour` o'clock (UTC) on the day `days` days after `now`. */
function dayAt(now: Date, days: number, hour: number): Date {
  const d = new Date(now.getTime() + days * DAY_MS);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), hour));
}

/** `hour` o'clock (UTC) on the first `weekday` (0 Sunday ... 6 Saturday) at least `days` days after `now`. */
export function weekdayAfter(now: Date, days: number, weekday: number, hour: number): Date {
  const day = dayAt(now, days, hour);
  return new Date(day.getTime() + ((weekday - day.getUTCDay() + 7) % 7) * DAY_MS);
}

const SATURDAY = 6;

/**
 * The demo's meetups beside the launch evening, dated from `now`: a title that names a day falls on that day (in
 * UTC, at an hour that is the same day from UTC-11 to UTC+12). `community`: the slug of the community the meetup
 * is for.
 */
export function demoMeetups(
  now: Date,
): (SeedEventOptions & { title: string; starts_at: Date; community?: string })[] {
  const hours = (starts: Date, length: number) => ({
    starts_at: starts,
    ends_at: new Date(starts.getTime() + length * 3_600_000),
  });
  return [
    {
      title: 'Saturday brunch for professionals',
      city: 'Manchester',
      venue: 'Albert Hall Kitchen, 27 Peter Street',
      ...hours(weekdayAfter(now, 9, SATURDAY, 11), 3),
      capacity: 30,
      description: 'A relaxed brunch with conversation prompts at every table. Come alone or with a friend.',
    },
    {
      title: 'Speed-dating for verified members',
      city: 'London',
      venue: 'The Rooftop, 1 Bank End',
      ...hours(dayAt(now, 21, 19), 3),
      capacity: 24,
      audience: 'verified',
      description: 'Twelve short conversations, one evening. For members whose identity is verified.',
    },
    {
      title: 'Fellowship picnic',
      city: 'Birmingham',
      venue: 'Cannon Hill Park, by the boating lake',
      ...hours(dayAt(now, 12, 12), 4),
      capacity: 40,
      audience: 'community',
      community: 'christian-singles-fellowship',
      description: 'Bring something to share. Games, worship and good company.',
    },
  ];
}

/**
 * The demo's events, with a few generated members confirmed at the launch evening (some on its guest list) and
 * one meetup for a community. Taken places go through the same counter the RSVPs use.
 */
export async function seedDemoEvents(db: Database, options: { now: Date; staffId: string | null }) {
  const { now, staffId } = options;
  const launchId = await seedEvent(db, {
    slug: 'launch',
    title: 'Rhema launch evening',
    city: 'London',
    venue: 'The Gallery, 20 Southwark Street',
    ...launchTimes(now),
    capacity: 150,
    description:
      'An evening for professional singles, our matchmakers and the cast of our TV show: welcome drinks, a panel on dating with intention, small-group conversations and live music.',
    created_by: staffId,
  });
  for (const { community, ...meetup } of demoMeetups(now)) {
    if (!community) {
      await seedEvent(db, { ...meetup, created_by: staffId });
      continue;
    }
    const found = await db
      .selectFrom('communities')
      .select('id')
      .where('slug', '=', community)
      .executeTakeFirst();
    if (found) await seedEvent(db, { ...meetup, community_id: found.id, created_by: staffId });
  }
  const guests = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'member')
    .where('status', '=', 'active')
    .orderBy('id')
    .limit(8)
    .execute();
  if (guests.length === 0) return;
  await db
    .insertInto('event_rsvps')
    .values(
      guests.map((g, i) => ({
        event_id: launchId,
        user_id: g.id,
        status: 'confirmed',
        check_in_code: `DEMOGST${'ABCDEFGH'.charAt(i)}`,
        on_guest_list: i % 2 === 0,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  await db.updateTable('events').set({ confirmed_count: guests.length }).where('id', '=', launchId).execute();
}
