import { eventQueries, jobQueries, type Database } from '@rhema/db';
import { scheduleJob, type JobContext } from '../jobs/queue';
import * as tell from '../notifications/events';

// The event reminder (docs/notifications.md, docs/decisions/213-event-reminders-and-ringing-pushes.md): one job per
// event and start time, due 24 hours before it, that reads who holds a place when it runs and reminds each of them
// once. Nothing is scheduled per member, so a cancelled place, a cancelled event or a moved one needs no job to be
// found and removed: the job re-reads all three.

/** How long before the start the reminder goes. */
export const EVENT_REMINDER_BEFORE_MS = 24 * 3_600_000;
const JOB = 'event-reminder' as const;

const iso = (value: Date | string) => new Date(value).toISOString();

interface ReminderEvent {
  id: string;
  status: string;
  starts_at: Date | string;
}

/** When the reminder of an event starting at `startsAt` is due. */
export const reminderDue = (startsAt: Date | string) =>
  new Date(new Date(startsAt).getTime() - EVENT_REMINDER_BEFORE_MS);

/**
 * A place was taken (an RSVP or a promotion from the waitlist): makes sure the event's reminder is waiting, in the
 * place's own transaction. None once the reminder's moment has passed: a place taken within the last day before the
 * start was taken knowing the date, and its confirmation (on screen, by mail for a promotion) says it.
 */
export async function ensureEventReminder(db: Database, event: ReminderEvent, now: Date): Promise<void> {
  if (event.status !== 'published' || reminderDue(event.starts_at) <= now) return;
  if (await jobQueries.hasPendingJob(db, JOB, 'eventId', event.id)) return;
  await scheduleReminder(db, event, reminderDue(event.starts_at));
}

/**
 * Staff moved the event: a reminder for the new start (the job of the old one finds its time changed and does
 * nothing). Moved to less than a day ahead, it goes at once: those holding a place booked for another time.
 */
export async function rescheduleEventReminder(db: Database, event: ReminderEvent, now: Date): Promise<void> {
  if (event.status !== 'published' || new Date(event.starts_at) <= now) return;
  const due = reminderDue(event.starts_at);
  await scheduleReminder(db, event, due > now ? due : now);
}

async function scheduleReminder(db: Database, event: ReminderEvent, runAt: Date) {
  await scheduleJob(db, { kind: JOB, eventId: event.id, startsAt: iso(event.starts_at) }, runAt);
}

/**
 * Job 'event-reminder': with the event's row locked (two instances, or two jobs for one event, take turns), every
 * member holding a place now and not yet reminded of this start is told. Nothing for an event cancelled, moved
 * since the job was scheduled (the move scheduled another) or already started.
 */
export async function runEventReminder(
  job: { eventId: string; startsAt: string },
  ctx: JobContext,
): Promise<void> {
  const { now } = ctx;
  await ctx.db.transaction().execute(async (trx) => {
    const locked = await eventQueries.lockEvent(trx, job.eventId);
    if (!locked || locked.status !== 'published') return;
    const startsAt = new Date(locked.starts_at);
    if (iso(startsAt) !== job.startsAt || startsAt <= now) return;
    const event = await eventQueries.findEvent(trx, job.eventId);
    if (!event) return;
    const userIds = await eventQueries.confirmedWithoutReminder(trx, {
      eventId: event.id,
      startsAt: job.startsAt,
    });
    for (const userId of userIds)
      await tell.eventReminder(trx, {
        userId,
        eventId: event.id,
        title: event.title,
        venue: event.venue,
        city: event.city,
        startsAt,
        now,
      });
  });
}
