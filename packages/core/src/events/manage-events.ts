import { auditQueries, eventQueries, type Database } from '@rhema/db';
import type {
  RsvpStatus,
  TAdminAttendee,
  TAdminEvent,
  TAdminEventDetail,
  TAdminEventForm,
} from '@rhema/schemas';
import type { UseCaseDeps } from '../deps';
import { AppError } from '../errors/app-error';
import { iso } from '../iso';
import { eventCancelledEmail } from '../mail/templates';
import { EVENT_NOT_FOUND, eventFields, type EventRow } from './event-fields';
import { promoteFromWaitlist, tellPromoted } from './rsvp';
import { rescheduleEventReminder } from './reminders';
import * as tell from '../notifications/events';

// The console's events (/admin21/events): staff create a draft, publish it, edit it (more places promote the
// waitlist; fewer than those already confirmed is refused), cancel it (everyone holding a place or a waitlist spot
// is told by email), check guests in at the door by their code (once), and read the attendee list.

type StaffDeps = Pick<UseCaseDeps, 'db' | 'now' | 'jobs'> & { staffId: string };

function toAdminEvent(row: EventRow, counts: { waitlisted: number; checked_in: number }): TAdminEvent {
  return {
    ...eventFields(row),
    slug: row.slug,
    confirmed: row.confirmed_count,
    waitlisted: counts.waitlisted,
    checked_in: counts.checked_in,
  };
}

async function audit(db: Database, deps: StaffDeps, action: string, id: string, details: object = {}) {
  await auditQueries.insertAudit(db, {
    actorId: deps.staffId,
    action,
    targetType: 'event',
    targetId: id,
    details: { ...details },
    at: deps.now,
  });
}

function valuesOf(form: TAdminEventForm) {
  return {
    title: form.title,
    city: form.city,
    venue: form.venue,
    starts_at: new Date(form.starts_at),
    ends_at: new Date(form.ends_at),
    capacity: form.capacity,
    description: form.description,
    image_url: form.image_url,
    audience: form.audience,
    community_id: form.audience === 'community' ? form.community_id : null,
  };
}

async function found(db: Database, id: string) {
  const row = await eventQueries.findEvent(db, id);
  if (!row) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
  return row;
}

export async function listEventsForStaff(deps: Pick<UseCaseDeps, 'db' | 'now'>) {
  const rows = await eventQueries.listForStaff(deps.db, deps.now);
  return {
    data: rows.map((row) =>
      toAdminEvent(row, { waitlisted: Number(row.waitlisted), checked_in: Number(row.checked_in) }),
    ),
  };
}

export async function getEventForStaff(deps: Pick<UseCaseDeps, 'db'> & { eventId: string }) {
  const row = await found(deps.db, deps.eventId);
  const [counts, rows] = await Promise.all([
    eventQueries.countsOf(deps.db, row.id),
    eventQueries.listAttendees(deps.db, row.id),
  ]);
  let position = 0;
  const attendees: TAdminAttendee[] = rows.map((r) => ({
    _id: r.id,
    user: { _id: r.user_id, first_name: r.first_name, last_name: r.last_name, email: r.email },
    status: r.status as RsvpStatus,
    waitlist_position: r.status === 'waitlisted' ? ++position : null,
    check_in_code: r.check_in_code,
    checked_in_at: r.checked_in_at === null ? null : iso(r.checked_in_at),
    created_at: iso(r.created_at),
  }));
  return { event: toAdminEvent(row, counts), attendees } satisfies TAdminEventDetail;
}

/** A new event, as a draft: members see it once it is published. */
export async function createEvent(deps: StaffDeps & { form: TAdminEventForm }) {
  const id = await eventQueries.insertEvent(deps.db, {
    ...valuesOf(deps.form),
    created_by: deps.staffId,
    now: deps.now,
  });
  await audit(deps.db, deps, 'event.create', id);
  return getEventForStaff({ ...deps, eventId: id });
}

export async function updateEvent(deps: StaffDeps & { eventId: string; form: TAdminEventForm }) {
  const row = await found(deps.db, deps.eventId);
  if (row.status === 'cancelled') throw new AppError('CONFLICT', 'This event was cancelled.');
  const promoted = await deps.db.transaction().execute(async (trx) => {
    const locked = await eventQueries.lockEvent(trx, row.id);
    if (!locked) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
    if (deps.form.capacity < locked.confirmed_count) {
      throw new AppError(
        'CONFLICT',
        `${locked.confirmed_count} members already have a place: the event needs at least that many.`,
        { field: 'capacity' },
      );
    }
    const values = valuesOf(deps.form);
    await eventQueries.updateEvent(trx, row.id, { ...values, now: deps.now });
    await audit(trx, deps, 'event.update', row.id);
    if (values.starts_at.getTime() !== new Date(locked.starts_at).getTime())
      await rescheduleEventReminder(
        trx,
        { id: row.id, status: locked.status, starts_at: values.starts_at },
        deps.now,
      );
    return promoteFromWaitlist(trx, { eventId: row.id, now: deps.now });
  });
  const updated = await found(deps.db, row.id);
  await tellPromoted(deps, updated, promoted);
  return getEventForStaff({ ...deps, eventId: row.id });
}

export async function publishEvent(deps: StaffDeps & { eventId: string }) {
  const row = await found(deps.db, deps.eventId);
  if (row.status === 'cancelled') throw new AppError('CONFLICT', 'This event was cancelled.');
  if (await eventQueries.publishEvent(deps.db, row.id, deps.now)) {
    await audit(deps.db, deps, 'event.publish', row.id);
  }
  return getEventForStaff({ ...deps, eventId: row.id });
}

/** Cancels the event; everyone holding a place or a waitlist spot is told by email. A repeat changes nothing. */
export async function cancelEvent(deps: StaffDeps & { eventId: string }) {
  const row = await found(deps.db, deps.eventId);
  const cancelled = await deps.db.transaction().execute(async (trx) => {
    const locked = await eventQueries.lockEvent(trx, row.id);
    if (!locked || locked.status === 'cancelled') return false;
    await eventQueries.cancelEvent(trx, row.id, deps.now);
    await audit(trx, deps, 'event.cancel', row.id);
    return true;
  });
  if (cancelled && row.status === 'published') {
    const contacts = await eventQueries.activeAttendeeContacts(deps.db, row.id);
    await tell.eventCancelled(deps.db, {
      userIds: contacts.map((contact) => contact.id),
      eventId: row.id,
      title: row.title,
      now: deps.now,
    });
    for (const contact of contacts) {
      await deps.jobs.add({
        kind: 'mail',
        message: eventCancelledEmail({
          to: contact.email,
          firstName: contact.first_name,
          title: row.title,
          city: row.city,
          startsAt: new Date(row.starts_at),
        }),
      });
    }
  }
  return getEventForStaff({ ...deps, eventId: row.id });
}

/**
 * Checks a guest in by the code on their ticket (typed, or read from its QR code): once. A code already used
 * answers CONFLICT with when; an unknown one (or one of a cancelled place) NOT_FOUND.
 */
export async function checkInGuest(
  deps: StaffDeps & { eventId: string; code: string },
): Promise<TAdminAttendee> {
  const row = await found(deps.db, deps.eventId);
  const done = await eventQueries.checkIn(deps.db, {
    eventId: row.id,
    code: deps.code,
    staffId: deps.staffId,
    now: deps.now,
  });
  if (!done) {
    const rsvp = await eventQueries.findRsvpByCode(deps.db, { eventId: row.id, code: deps.code });
    if (rsvp?.checked_in_at) {
      throw new AppError(
        'CONFLICT',
        `This code was already checked in at ${iso(rsvp.checked_in_at).slice(11, 16)} UTC.`,
        { field: 'code' },
      );
    }
    throw new AppError('NOT_FOUND', 'No confirmed place at this event has that code.', { field: 'code' });
  }
  await audit(deps.db, deps, 'event.check_in', row.id, { rsvp_id: done.id });
  const detail = await getEventForStaff({ ...deps, eventId: row.id });
  return detail.attendees.find((a) => a._id === done.id)!;
}
