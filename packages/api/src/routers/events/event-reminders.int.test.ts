import { EVENT_REMINDER_BEFORE_MS, jobHandlers, runDueJobs } from '@rhema/core';
import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { seedContent, seedEvent } from '@rhema/seed';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '../../test/harness';

// The event reminder (docs/notifications.md, decision 213) on a real database (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set): one job per event, due 24 hours before it, reminds whoever holds a place when it runs,
// once each; not the waitlist, not a place given back, nothing for a cancelled event; a moved event is reminded at
// its new time; a place taken within the last day gets none.

const HOUR = 3_600_000;

describe('event reminders', () => {
  let handle: DbHandle;
  let h: ReturnType<typeof createHarness>;
  let n = 0;
  beforeAll(async () => {
    handle = await createTestDb();
    await seedContent(handle.db);
    h = createHarness(handle.db);
  });
  afterAll(() => handle.close());

  const member = () =>
    h.as('member', { first_name: `Remind${++n}`, email: `event-reminder-${n}@example.test` });
  /** a server instance's worker at the harness clock */
  const work = () =>
    runDueJobs({ db: handle.db, mailer: h.mailer, clock: () => new Date(h.clock.now) }, jobHandlers);
  const reminders = async (m: Awaited<ReturnType<typeof member>>) =>
    (await m.caller.notifications.list()).data.filter((item) => item.kind === 'event_reminder');
  const pendingReminders = async (eventId: string) => {
    const { rows } = await sql<{ run_at: Date | string }>`
      SELECT run_at FROM jobs WHERE kind = 'event-reminder' AND payload ->> 'eventId' = ${eventId}
      ORDER BY run_at`.execute(handle.db);
    return rows.map((row) => new Date(row.run_at).toISOString());
  };

  it('reminds each member holding a place once, 24 hours before: not the waitlist, not a place given back', async () => {
    const startsAt = new Date(h.clock.now.getTime() + 48 * HOUR);
    const id = await seedEvent(handle.db, { starts_at: startsAt, capacity: 2, title: 'Salsa night' });
    const [a, b, c, d] = [await member(), await member(), await member(), await member()];
    for (const m of [a, b, c, d]) await m.caller.events.rsvp({ id });
    // b gives the place back: c, first on the waitlist, has it; d stays on the waitlist
    await b.caller.events.cancelRsvp({ id });
    expect((await c.caller.events.get({ id })).my_rsvp?.status).toBe('confirmed');
    // one job for the event, however many places were taken
    expect(await pendingReminders(id)).toEqual([
      new Date(startsAt.getTime() - EVENT_REMINDER_BEFORE_MS).toISOString(),
    ]);

    h.advance(24 * HOUR - 60_000);
    await work();
    expect(await reminders(a)).toEqual([]);
    h.advance(60_000);
    await work();
    for (const m of [a, c])
      expect(await reminders(m)).toEqual([
        expect.objectContaining({
          title: 'Salsa night starts in 24 hours',
          body: 'The Long Table, 12 Borough High Street, London',
          url: `/events/${id}`,
          read_at: null,
        }),
      ]);
    for (const m of [b, d]) expect(await reminders(m)).toEqual([]);
    expect(await pendingReminders(id)).toEqual([]);

    // a second job for the same start (two places taken at once each scheduled one), run by two workers at once:
    // still one reminder each
    for (let i = 0; i < 2; i++)
      await sql`INSERT INTO jobs (kind, payload, run_at) VALUES ('event-reminder',
        ${JSON.stringify({ eventId: id, startsAt: startsAt.toISOString() })}, ${h.clock.now})`.execute(
        handle.db,
      );
    await Promise.all([work(), work()]);
    expect(await reminders(a)).toHaveLength(1);
    expect(await reminders(c)).toHaveLength(1);
  });

  it('a moved event is reminded at its new time; moved to within a day, at once; a cancelled one not at all', async () => {
    const staff = await h.as('consultant');
    const start = new Date(h.clock.now.getTime() + 72 * HOUR);
    const form = (starts: Date) => ({
      title: 'Book club',
      city: 'Leeds',
      venue: 'The Library Bar',
      starts_at: starts.toISOString(),
      ends_at: new Date(starts.getTime() + 2 * HOUR).toISOString(),
      capacity: 10,
      description: 'One book, one evening.',
      image_url: null,
      audience: 'everyone' as const,
      community_id: null,
    });
    const { event } = await staff.caller.adminEvents.create(form(start));
    await staff.caller.adminEvents.publish({ id: event._id });
    const guest = await member();
    await guest.caller.events.rsvp({ id: event._id });
    // moved a day later: the first job finds the time changed and says nothing
    const later = new Date(start.getTime() + 24 * HOUR);
    await staff.caller.adminEvents.update({ id: event._id, form: form(later) });
    h.advance(48 * HOUR);
    await work();
    expect(await reminders(guest)).toEqual([]);
    h.advance(24 * HOUR);
    await work();
    expect((await reminders(guest)).map((r) => r.title)).toEqual(['Book club starts in 24 hours']);

    // moved to five hours from now: reminded at once, of the new time
    await staff.caller.adminEvents.update({
      id: event._id,
      form: form(new Date(h.clock.now.getTime() + 5 * HOUR)),
    });
    await work();
    expect((await reminders(guest)).map((r) => r.title)).toEqual([
      'Book club starts in 5 hours',
      'Book club starts in 24 hours',
    ]);

    // cancelled before its reminder: none
    const cancelled = await seedEvent(handle.db, { starts_at: new Date(h.clock.now.getTime() + 30 * HOUR) });
    const other = await member();
    await other.caller.events.rsvp({ id: cancelled });
    await staff.caller.adminEvents.cancel({ id: cancelled });
    h.advance(6 * HOUR);
    await work();
    expect(await reminders(other)).toEqual([]);
    expect((await other.caller.notifications.list()).data.map((item) => item.kind)).toEqual([
      'event_cancelled',
    ]);
  });

  it('a place taken within the last day before the start gets no reminder', async () => {
    const id = await seedEvent(handle.db, { starts_at: new Date(h.clock.now.getTime() + 20 * HOUR) });
    const late = await member();
    expect((await late.caller.events.rsvp({ id })).my_rsvp?.status).toBe('confirmed');
    expect(await pendingReminders(id)).toEqual([]);
    h.advance(19 * HOUR);
    await work();
    expect(await reminders(late)).toEqual([]);
  });
});
