import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import type { TEvent } from '@rhema/schemas';
import { Moment } from '../../components/Moment';
import { calendarHref } from './links';

/** Where the member stands: their place, their waitlist spot, or how many places are left. */
export function placesText(event: TEvent): string {
  const rsvp = event.my_rsvp;
  if (rsvp?.status === 'confirmed')
    return rsvp.checked_in_at ? 'You were checked in' : 'Your place is confirmed';
  if (rsvp?.status === 'waitlisted') return `You are number ${rsvp.waitlist_position} on the waitlist`;
  if (event.places_left > 0)
    return `${event.places_left} ${event.places_left === 1 ? 'place' : 'places'} left of ${event.capacity}`;
  return 'Full: the waitlist is open';
}

/** Filled badges in shades whose white text passes AA in both schemes. */
function placesColor(event: TEvent): string {
  const status = event.my_rsvp?.status;
  if (status === 'confirmed') return 'teal.9';
  if (status === 'waitlisted') return 'blue.9';
  return event.places_left > 0 ? 'plum' : 'gray.8';
}

/** When, where, who may come and the places: the same lines on the list and on the event's page. */
export function EventFacts({ event }: { event: TEvent }) {
  return (
    <Stack gap={4}>
      <Text fw={600}>
        <Moment kind="span" value={event.starts_at} end={event.ends_at} />
      </Text>
      <Text>
        {event.venue}, {event.city}
      </Text>
      <Group gap="xs">
        {event.status === 'cancelled' ? (
          <Badge color="red.9">Cancelled</Badge>
        ) : (
          <Badge color={placesColor(event)} data-testid="event-places">
            {placesText(event)}
          </Badge>
        )}
        <Text span fz="sm" c="dimmed">
          {event.community ? `${event.audience_label}: ${event.community.name}` : event.audience_label}
        </Text>
      </Group>
    </Stack>
  );
}

/** The event as an .ics file for the member's calendar (the server sends it as a download). */
export function CalendarLink({ event }: { event: TEvent }) {
  return (
    <Anchor
      href={calendarHref(event._id)}
      download
      underline="always"
      fz="sm"
      aria-label={`Add to calendar: ${event.title}`}
    >
      Add to calendar
    </Anchor>
  );
}
