import { Alert, Card, Container, Group, Loader, NativeSelect, Stack, Text, Title } from '@mantine/core';
import type { TEvent } from '@rhema/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { CalendarLink, EventFacts } from '../../features/events/EventFacts';
import { withMemberNav } from '../../features/members/MemberNav';
import { formatDateTime } from '../../lib/dates';
import { describeError } from '../../lib/forms';
import { AnchorLink } from '../../lib/links';
import { PageTitle } from '../../lib/page-title';
import { useTrpc } from '../../lib/use-trpc';
import { StaticPart } from '../../lib/static-part';
import { forFirstScreen } from '../../lib/first-screen';

/** The list's input: the city in the address, if one is given. */
function eventsListInput(search: { city?: unknown }): { city?: string } {
  const city = typeof search.city === 'string' ? search.city.trim() : '';
  return city ? { city } : {};
}

// Route options are in the entry chunk every public page loads (apps/web/vite-plugins.ts budget): the address is
// read as it is, the page reads the city from it and the API's schema checks it; the title is set by the page.
export const Route = createFileRoute('/events/')({
  validateSearch: (search: Record<string, unknown>) => search as { city?: unknown },
  loaderDeps: ({ search }) => eventsListInput(search),
  loader: ({ context: { queryClient, trpc }, deps }) =>
    forFirstScreen(() => queryClient.prefetchQuery(trpc.events.list.queryOptions(deps))),
  component: EventsPage,
});

/** An event in the list: only links, so the server's markup is kept (lib/static-part.tsx). */
function EventCard({ event }: { event: TEvent }) {
  return (
    <StaticPart deps={[event]}>
      <Card withBorder radius="lg" padding="md" component="article" aria-labelledby={`event-${event._id}`}>
        <Stack gap="xs">
          <Title order={2} fz="lg" id={`event-${event._id}`}>
            <AnchorLink to="/events/$eventId" params={{ eventId: event._id }} c="inherit" fw={700}>
              {event.title}
            </AnchorLink>
          </Title>
          <EventFacts event={event} />
          {event.may_not_attend_reason ? (
            <Text fz="sm" c="dimmed">
              {event.may_not_attend_reason}
            </Text>
          ) : null}
          <Group gap="md">
            <AnchorLink to="/events/$eventId" params={{ eventId: event._id }} underline="always" fz="sm">
              {event.my_rsvp && event.my_rsvp.status !== 'cancelled' ? 'Your ticket' : 'Details and RSVP'}
            </AnchorLink>
            <CalendarLink event={event} />
          </Group>
        </Stack>
      </Card>
    </StaticPart>
  );
}

/** The member's events that have ended and still let them say whom they would like to meet again. */
function PastEvents() {
  const trpc = useTrpc();
  const mine = useQuery(trpc.events.mine.queryOptions());
  const [now] = useState(() => Date.now());
  const open = (mine.data ?? []).filter(
    (e) =>
      e.meet_again_until !== null && e.my_rsvp?.checked_in_at && new Date(e.meet_again_until).getTime() > now,
  );
  if (!open.length) return null;
  return (
    <section aria-labelledby="past-events">
      <Title order={2} fz="h3" id="past-events" mt="xl" mb="sm">
        Who would you like to meet again?
      </Title>
      <Stack gap="xs">
        {open.map((event) => (
          <Text key={event._id}>
            <AnchorLink to="/events/$eventId" params={{ eventId: event._id }} underline="always">
              {event.title}
            </AnchorLink>{' '}
            — choose until {formatDateTime(event.meet_again_until!)}
          </Text>
        ))}
      </Stack>
    </section>
  );
}

function EventsPage() {
  const trpc = useTrpc();
  const input = eventsListInput(Route.useSearch());
  const { city } = input;
  const navigate = Route.useNavigate();
  const events = useQuery({
    ...trpc.events.list.queryOptions(input),
    placeholderData: keepPreviousData,
  });
  // the cities with upcoming events, and the one in the address even when it has none now
  const cities = [...new Set([...(events.data?.cities ?? []), ...(city ? [city] : [])])].sort();

  return withMemberNav(
    <Container size="lg" py="lg">
      <PageTitle>Events</PageTitle>
      <Title order={1}>Events</Title>
      <Text c="dimmed" mt={4} mb="md" size="sm">
        Meetups for professional singles, hosted by our team. Reserve a place while there are some; when an
        event is full, join its waitlist and we email you if a place frees up.
      </Text>
      <NativeSelect
        label="City"
        maw={320}
        value={city ?? ''}
        onChange={(e) =>
          void navigate({ search: e.currentTarget.value ? { city: e.currentTarget.value } : {} })
        }
        data={[{ value: '', label: 'All cities' }, ...cities.map((c) => ({ value: c, label: c }))]}
      />
      <section aria-label="Upcoming events" aria-busy={events.isFetching}>
        {events.isError ? (
          <Alert color="red" role="alert" mt="md">
            {describeError(events.error, []).message}
          </Alert>
        ) : events.data ? (
          events.data.data.length ? (
            <Stack mt="md">
              {events.data.data.map((event) => (
                <EventCard key={event._id} event={event} />
              ))}
            </Stack>
          ) : (
            <Text mt="md">
              {city
                ? `No upcoming events in ${city}. Choose another city, or all cities.`
                : 'No upcoming events yet. New meetups are announced here first.'}
            </Text>
          )
        ) : (
          <Loader mt="md" aria-label="Loading events" />
        )}
      </section>
      <PastEvents />
    </Container>,
  );
}
