import { Alert, Container, Group, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { CalendarLink, EventFacts } from '../../features/events/EventFacts';
import { MeetAgain } from '../../features/events/MeetAgain';
import { RsvpPanel } from '../../features/events/RsvpPanel';
import { Ticket } from '../../features/events/Ticket';
import { withMemberNav } from '../../features/members/MemberNav';
import { describeError } from '../../lib/forms';
import { AnchorLink, ButtonLink } from '../../lib/links';
import { PageTitle } from '../../lib/page-title';
import type { Trpc } from '../../lib/trpc';
import { useTrpc } from '../../lib/use-trpc';
import { forFirstScreen } from '../../lib/first-screen';

function eventQuery(trpc: Trpc, id: string) {
  return trpc.events.get.queryOptions({ id }, { meta: { showsOwnErrors: true }, retry: false });
}

export const Route = createFileRoute('/events/$eventId')({
  loader: ({ context: { queryClient, trpc }, params }) =>
    forFirstScreen(() => queryClient.prefetchQuery(eventQuery(trpc, params.eventId))),
  component: EventPage,
});

function EventPage() {
  const trpc = useTrpc();
  const { eventId } = Route.useParams();
  const event = useQuery(eventQuery(trpc, eventId));
  // the launch evening is the one whose guest list the /launch page shows (events.guestList names it)
  const launch = useQuery(trpc.events.guestList.queryOptions());
  const data = event.data;
  const code = data?.my_rsvp?.status === 'confirmed' ? data.my_rsvp.check_in_code : null;
  const meetAgain = Boolean(data?.meet_again_until && data.my_rsvp?.checked_in_at);

  return withMemberNav(
    <Container size="md" py="xl">
      <PageTitle>{data ? data.title : 'Event'}</PageTitle>
      {event.isError ? (
        <Stack>
          <Alert color="red" role="alert" title="Not available">
            {describeError(event.error, []).message}
          </Alert>
          <ButtonLink to="/events" variant="default" w="fit-content">
            Back to events
          </ButtonLink>
        </Stack>
      ) : data ? (
        <Stack gap="lg">
          <AnchorLink to="/events" fz="sm" underline="always">
            All events
          </AnchorLink>
          {data.image_url ? <Image src={data.image_url} alt="" radius="lg" mah={320} fit="cover" /> : null}
          <Stack gap="xs">
            <Title order={1}>{data.title}</Title>
            <EventFacts event={data} />
            <Group>
              <CalendarLink event={data} />
            </Group>
          </Stack>
          <Text style={{ whiteSpace: 'pre-line' }}>{data.description}</Text>
          {meetAgain ? <MeetAgain eventId={data._id} /> : null}
          {code ? <Ticket event={data} code={code} /> : null}
          <section aria-label="Your RSVP">
            <RsvpPanel event={data} isLaunch={launch.data?.event?._id === data._id} />
          </section>
        </Stack>
      ) : (
        <Loader aria-label="Loading the event" />
      )}
    </Container>,
  );
}
