import { Alert, Badge, Button, Container, Group, Loader, Table, Text, Title } from '@mantine/core';
import { Modal } from '../../../components/overlays';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Suspense, useState } from 'react';
import { EVENT_STATUS_COLOR, EVENT_STATUS_LABEL } from '../../../features/admin/event-status';
import { formatTimeSpan } from '../../../lib/dates';
import { describeError } from '../../../lib/forms';
import { AnchorLink } from '../../../lib/links';
import { PageTitle } from '../../../lib/page-title';
import { useTrpc } from '../../../lib/use-trpc';
import { forFirstScreen } from '../../../lib/first-screen';
import { lazyPart } from '../../../lib/lazy-part';

// the new event's form (its schema and zod) loads when "New event" is pressed, not with the list
// (docs/decisions/205-fewer-schemas-on-first-screen.md)
const EventForm = lazyPart(() =>
  import('../../../features/admin/EventForm').then((module) => ({ default: module.EventForm })),
);

export const Route = createFileRoute('/admin21/events/')({
  loader: ({ context: { queryClient, trpc } }) =>
    forFirstScreen(() => queryClient.prefetchQuery(trpc.adminEvents.list.queryOptions())),
  component: EventsConsolePage,
});

function EventsConsolePage() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const events = useQuery(trpc.adminEvents.list.queryOptions());
  const create = useMutation(
    trpc.adminEvents.create.mutationOptions({
      meta: { showsOwnErrors: true },
      onSuccess: async (detail) => {
        await queryClient.invalidateQueries({ queryKey: trpc.adminEvents.pathKey() });
        setCreating(false);
        await navigate({ to: '/admin21/events/$id', params: { id: detail.event._id } });
      },
    }),
  );

  return (
    <Container size="lg" py="xl">
      <PageTitle>Events · Management Console</PageTitle>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Events</Title>
        <Button onClick={() => setCreating(true)}>New event</Button>
      </Group>
      <Text c="dimmed" mt="xs" mb="lg">
        Meetups in every state, soonest first. A new event is a draft until you publish it; members see
        published events only. Open one to edit it, see its guests and waitlist, and check guests in at the
        door.
      </Text>
      {events.isError ? (
        <Alert color="red" role="alert">
          {describeError(events.error, []).message}
        </Alert>
      ) : events.data ? (
        events.data.data.length ? (
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Event</Table.Th>
                  <Table.Th scope="col">When</Table.Th>
                  <Table.Th scope="col">City</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">Places taken</Table.Th>
                  <Table.Th scope="col">Waitlist</Table.Th>
                  <Table.Th scope="col">Checked in</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {events.data.data.map((event) => (
                  <Table.Tr key={event._id}>
                    <Table.Td>
                      <AnchorLink to="/admin21/events/$id" params={{ id: event._id }} fw={600}>
                        {event.title}
                      </AnchorLink>
                    </Table.Td>
                    <Table.Td>{formatTimeSpan(event.starts_at, event.ends_at)}</Table.Td>
                    <Table.Td>{event.city}</Table.Td>
                    <Table.Td>
                      <Badge color={EVENT_STATUS_COLOR[event.status]}>
                        {EVENT_STATUS_LABEL[event.status]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {event.confirmed} of {event.capacity}
                    </Table.Td>
                    <Table.Td>{event.waitlisted}</Table.Td>
                    <Table.Td>{event.checked_in}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text>No events yet. Create the first with “New event”.</Text>
        )
      ) : (
        <Loader aria-label="Loading events" />
      )}
      <Modal
        opened={creating}
        onClose={() => setCreating(false)}
        title="New event"
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Suspense fallback={<Loader aria-label="Loading the form" />}>
          <EventForm
            submitLabel="Create the draft"
            pending={create.isPending}
            onSubmit={(form, showServerError) => create.mutate(form, { onError: showServerError })}
          />
        </Suspense>
      </Modal>
    </Container>
  );
}
