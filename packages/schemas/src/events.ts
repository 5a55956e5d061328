import { z } from 'zod';
import { ZMemberProfile } from './profile';
import { zText } from './text';

// In-person meetups: the events staff publish, members' RSVPs (a place, or the waitlist in arrival order), the
// check-in code of a confirmed place, and the private "we met" choices after an event
// (docs/decisions/181-event-places-and-waitlist.md).

/** How long after an event's end its attendees may say whom they would like to meet again. */
export const MEET_AGAIN_WINDOW_MS = 72 * 60 * 60 * 1000;
/** The /launch page's event: its guest list is the confirmed guests who opted in. */
export const LAUNCH_EVENT_SLUG = 'launch';
export const EVENT_CAPACITY_MAX = 5000;
/** Letters and digits nobody confuses on a screen or when read aloud at the door (no 0/O, 1/I/L). */
export const CHECK_IN_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CHECK_IN_CODE_LENGTH = 8;

export const EVENT_AUDIENCES = ['everyone', 'verified', 'community'] as const;
export type EventAudience = (typeof EVENT_AUDIENCES)[number];
export const EVENT_AUDIENCE_LABEL: Record<EventAudience, string> = {
  everyone: 'Open to every member',
  verified: 'Verified members only',
  community: 'Community members only',
};
export const EVENT_STATUSES = ['draft', 'published', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];
export const RSVP_STATUSES = ['confirmed', 'waitlisted', 'cancelled'] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];

export const ZEventId = z.object({ id: z.uuid({ error: 'Unknown event' }) });
export const ZEventListRequest = z.object({
  city: zText().trim().max(80).optional(),
});
export const ZEventRsvpRequest = z.object({
  id: z.uuid({ error: 'Unknown event' }),
  /** appear on the event's public guest list (first name and initial) */
  on_guest_list: z.boolean().optional(),
});

export const ZMyRsvp = z.object({
  _id: z.string(),
  status: z.enum(RSVP_STATUSES),
  /** 1 for the first on the waitlist; null when not waitlisted */
  waitlist_position: z.number().int().nullable(),
  /** shown at the door (and as a QR code); only on a confirmed place */
  check_in_code: z.string().nullable(),
  checked_in_at: z.string().nullable(),
  on_guest_list: z.boolean(),
});
export type TMyRsvp = z.infer<typeof ZMyRsvp>;

const eventFields = {
  _id: z.string(),
  title: z.string(),
  city: z.string(),
  venue: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  capacity: z.number().int(),
  places_left: z.number().int(),
  description: z.string(),
  image_url: z.string().nullable(),
  audience: z.enum(EVENT_AUDIENCES),
  audience_label: z.string(),
  community: z.object({ _id: z.string(), name: z.string(), slug: z.string() }).nullable(),
  status: z.enum(EVENT_STATUSES),
};

/** An event as a member sees it: whether they may come, and their own RSVP. */
export const ZEvent = z.object({
  ...eventFields,
  may_attend: z.boolean(),
  /** why not, when they may not (e.g. "Verify your identity to come to this event") */
  may_not_attend_reason: z.string().nullable(),
  my_rsvp: ZMyRsvp.nullable(),
  /** until when the attendees may say whom they would like to meet again; null before the event */
  meet_again_until: z.string().nullable(),
});
export type TEvent = z.infer<typeof ZEvent>;
export const ZEventList = z.object({ data: z.array(ZEvent), cities: z.array(z.string()) });
export type TEventList = z.infer<typeof ZEventList>;

/** The launch page's guest list: who opted in, as "Ada O.". */
export const ZGuestList = z.object({
  event: z.object({ _id: z.string(), title: z.string(), starts_at: z.string() }).nullable(),
  guests: z.array(z.string()),
});

/** The other checked-in attendees an attendee may name, and whom they named (never shown to anyone else). */
export const ZMeetAgain = z.object({
  open: z.boolean(),
  closes_at: z.string(),
  /** `_id`: the guest's member id, as every record of api/v1 carries one */
  attendees: z.array(z.object({ _id: z.string(), member: ZMemberProfile, chosen: z.boolean() })),
});
export type TMeetAgain = z.infer<typeof ZMeetAgain>;
export const ZMeetAgainChoose = z.object({
  id: z.uuid({ error: 'Unknown event' }),
  user_ids: z.array(z.uuid({ error: 'Unknown member' })).max(200),
});

// ---- the console ----
const isoDateTime = z.iso.datetime({ offset: true, error: 'Please give a date and time' });

export const ZAdminEventForm = z
  .object({
    title: zText({ error: 'Please give a title' }).trim().min(1, 'Please give a title').max(120),
    city: zText({ error: 'Please give a city' }).trim().min(1, 'Please give a city').max(80),
    venue: zText({ error: 'Please give a venue' }).trim().min(1, 'Please give a venue').max(200),
    starts_at: isoDateTime,
    ends_at: isoDateTime,
    capacity: z.coerce
      .number()
      .int('Places are a whole number')
      .min(1, 'At least one place')
      .max(EVENT_CAPACITY_MAX, `At most ${EVENT_CAPACITY_MAX} places`),
    description: zText({ error: 'Please describe the event' })
      .trim()
      .min(1, 'Please describe the event')
      .max(4000),
    image_url: z
      .union([z.url({ protocol: /^https$/, error: 'An https address' }), z.string().regex(/^\/[^/]/)])
      .nullable()
      .default(null),
    audience: z.enum(EVENT_AUDIENCES).default('everyone'),
    community_id: z.uuid({ error: 'Unknown community' }).nullable().default(null),
  })
  .refine((f) => Date.parse(f.ends_at) > Date.parse(f.starts_at), {
    message: 'The end comes after the start',
    path: ['ends_at'],
  })
  .refine((f) => (f.audience === 'community') === (f.community_id !== null), {
    message: 'Choose the community (and only for a community event)',
    path: ['community_id'],
  });
export type TAdminEventForm = z.infer<typeof ZAdminEventForm>;
export const ZAdminEventUpdate = z.object({ id: z.uuid({ error: 'Unknown event' }), form: ZAdminEventForm });

export const ZAdminEvent = z.object({
  ...eventFields,
  slug: z.string().nullable(),
  confirmed: z.number().int(),
  waitlisted: z.number().int(),
  checked_in: z.number().int(),
});
export type TAdminEvent = z.infer<typeof ZAdminEvent>;
export const ZAdminEventList = z.object({ data: z.array(ZAdminEvent) });

export const ZAdminAttendee = z.object({
  _id: z.string(),
  user: z.object({ _id: z.string(), first_name: z.string(), last_name: z.string(), email: z.string() }),
  status: z.enum(RSVP_STATUSES),
  waitlist_position: z.number().int().nullable(),
  check_in_code: z.string().nullable(),
  checked_in_at: z.string().nullable(),
  created_at: z.string(),
});
export type TAdminAttendee = z.infer<typeof ZAdminAttendee>;
export const ZAdminEventDetail = z.object({ event: ZAdminEvent, attendees: z.array(ZAdminAttendee) });
export type TAdminEventDetail = z.infer<typeof ZAdminEventDetail>;
export const ZAdminCheckIn = z.object({
  id: z.uuid({ error: 'Unknown event' }),
  code: zText({ error: 'Type the code' })
    .trim()
    .toUpperCase()
    .min(1, 'Type the code')
    .max(40)
    .transform((c) => c.replace(/[\s-]/g, '')),
});
