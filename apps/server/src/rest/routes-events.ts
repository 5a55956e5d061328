import type { RestRoute } from './route-shape';

/**
 * The REST table's rows for in-person meetups (docs/decisions/181-event-places-and-waitlist.md), spread into the
 * table of routes.ts like its own rows.
 */
export const eventRows = [
  {
    method: 'GET',
    url: '/events',
    procedure: 'events.list',
    reply: 'data',
    summary:
      'The upcoming events, soonest first (`city` narrows them), each with whether you may come and your RSVP; `cities` lists where events are',
  },
  {
    method: 'GET',
    url: '/events/:id',
    procedure: 'events.get',
    reply: 'data',
    errors: [404],
    summary: 'One event with your RSVP (its check-in code on a confirmed place, your waitlist position)',
  },
  {
    method: 'POST',
    url: '/events/:id/rsvp',
    procedure: 'events.rsvp',
    reply: 'data',
    errors: [403, 404, 409],
    summary:
      'Answer an event: a place while one is left, else the waitlist in arrival order (403 when it is for verified members or a community you are not in; 409 once cancelled or started)',
  },
  {
    method: 'DELETE',
    url: '/events/:id/rsvp',
    procedure: 'events.cancelRsvp',
    reply: 'data',
    errors: [404, 409],
    summary: 'Give your place (or waitlist spot) back; the first on the waitlist gets the place and an email',
  },
  {
    method: 'GET',
    url: '/user-events',
    procedure: 'events.mine',
    reply: 'data',
    summary: 'The events you hold a place or a waitlist spot at, past ones too',
  },
  {
    method: 'PUT',
    url: '/events/:id/guest-list',
    procedure: 'events.setGuestList',
    reply: 'data',
    errors: [404],
    summary:
      "Whether your first name and initial show on the launch event's Guest List (`on_guest_list`): answers the event",
  },
  {
    method: 'GET',
    url: '/launch/guest-list',
    procedure: 'events.guestList',
    reply: 'data',
    summary: "The launch event's Guest List: first name and initial of each confirmed guest who opted in",
  },
  {
    method: 'GET',
    url: '/events/:id/meet-again',
    procedure: 'events.meetAgain',
    reply: 'data',
    errors: [403, 404],
    summary:
      '"We met": the other checked-in guests and whom you named (private), while the 72 hours after the event last (checked-in guests only: 403)',
  },
  {
    method: 'PUT',
    url: '/events/:id/meet-again',
    procedure: 'events.chooseMeetAgain',
    reply: 'data',
    errors: [403, 404, 409],
    summary:
      'Name the guests you would like to meet again (`user_ids`, over your earlier choice); two who name each other reach the consultants',
  },
] as const satisfies readonly RestRoute[];
