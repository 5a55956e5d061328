import { Alert, Badge, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Modal } from '../../../components/overlays';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { EventAttendees } from '../../../features/admin/EventAttendees';
import { EventCheckIn } from '../../../features/admin/EventCheckIn';
import { EventForm } from '../../../features/admin/EventForm';
import { EVENT_STATUS_COLOR, EVENT_STATUS_LABEL } from '../../../features/admin/event-status';
import { formatTimeSpan } from '../../../lib/dates';
import { describeError } from '../../../lib/forms';
import { AnchorLink } from '../../../lib/links';
import { PageTitle } from '../../../lib/page-title';
import type { Trpc } from '../../../lib/trpc';
import { useTrpc } from '../../../lib/use-trpc';
import { forFirstScreen } from '../../../lib/first-screen';

// one definition for the page and its loader: the loader's failure, too, shows on the page (no snack-bar, no retry)
function eventQuery(trpc: Trpc, id: string) {
  return trpc.adminEvents.get.queryOptions({ id }, { meta: { showsOwnErrors: true }, retry: false });
}

export const Route = createFileRoute('/admin21/events/$id')({
  loader: ({ context: { queryClient, trpc }, params }) =>
    forFirstScreen(() => queryClient.prefetchQuery(eventQuery(trpc, params.id))),
  component: EventConsolePage,
});

function EventConsolePage() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const { id } = Route.useParams();
  const [dialog, setDialog] = useState<'edit' | 'cancel' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const detail = useQuery(eventQuery(trpc, id));
  const onSuccess = async (data: NonNullable<typeof detail.data>) => {
    setError(null);
    setDialog(null);
    queryClient.setQueryData(trpc.adminEvents.get.queryKey({ id }), data);
    await queryClient.invalidateQueries({ queryKey: trpc.adminEvents.list.queryKey() });
  };
  const options = {
    meta: { showsOwnErrors: true },
    onSuccess,
    onError: (e: unknown) => setError(describeError(e, []).message),
  };
  const update = useMutation(
    trpc.adminEvents.update.mutationOptions({ meta: { showsOwnErrors: true }, onSuccess }),
  );
  const publish = useMutation(trpc.adminEvents.publish.mutationOptions(options));
  const cancel = useMutation(trpc.adminEvents.cancel.mutationOptions(options));
  const event = detail.data?.event;

  return (
    <Container size="lg" py="xl">
      <PageTitle>{`${event?.title ?? 'Event'} · Management Console`}</PageTitle>
      <AnchorLink to="/admin21/events" fz="sm" underline="always">
        All events
      </AnchorLink>
      {detail.isError ? (
        <Alert color="red" role="alert" mt="md" title="Not available">
          {describeError(detail.error, []).message}
        </Alert>
      ) : event ? (
        <Stack gap="lg" mt="sm">
          <Stack gap={4}>
            <Group gap="sm">
              <Title order={1}>{event.title}</Title>
              <Badge color={EVENT_STATUS_COLOR[event.status]}>{EVENT_STATUS_LABEL[event.status]}</Badge>
            </Group>
            <Text fw={600}>{formatTimeSpan(event.starts_at, event.ends_at)}</Text>
            <Text>
              {event.venue}, {event.city} ·{' '}
              {event.community ? `${event.audience_label}: ${event.community.name}` : event.audience_label}
            </Text>
            <Text data-testid="event-counts">
              {event.confirmed} of {event.capacity} places taken · {event.waitlisted} on the waitlist ·{' '}
              {event.checked_in} checked in
            </Text>
          </Stack>
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          {event.status !== 'cancelled' ? (
            <Group gap="sm">
              <Button variant="default" onClick={() => setDialog('edit')}>
                Edit
              </Button>
              {event.status === 'draft' ? (
                <Button loading={publish.isPending} onClick={() => publish.mutate({ id })}>
                  Publish
                </Button>
              ) : null}
              <Button variant="default" onClick={() => setDialog('cancel')}>
                Cancel the event
              </Button>
            </Group>
          ) : (
            <Text>This event is cancelled: its guests were told by email.</Text>
          )}
          <Text style={{ whiteSpace: 'pre-line' }} maw={720}>
            {event.description}
          </Text>
          {event.status === 'published' ? <EventCheckIn eventId={id} /> : null}
          <EventAttendees attendees={detail.data!.attendees} />

          <Modal
            opened={dialog === 'edit'}
            onClose={() => setDialog(null)}
            title="Edit the event"
            size="lg"
            closeButtonProps={{ 'aria-label': 'Close' }}
          >
            <EventForm
              event={event}
              submitLabel="Save changes"
              pending={update.isPending}
              onSubmit={(form, showServerError) => update.mutate({ id, form }, { onError: showServerError })}
            />
          </Modal>
          <Modal
            opened={dialog === 'cancel'}
            onClose={() => setDialog(null)}
            title={`Cancel ${event.title}?`}
            closeButtonProps={{ 'aria-label': 'Close' }}
          >
            <Text>
              Every guest ({event.confirmed}) and everyone on the waitlist ({event.waitlisted}) is told by
              email. A cancelled event cannot be published again.
            </Text>
            <Group justify="flex-end" mt="lg">
              <Button variant="default" onClick={() => setDialog(null)}>
                Keep the event
              </Button>
              <Button color="red.9" loading={cancel.isPending} onClick={() => cancel.mutate({ id })}>
                Cancel the event
              </Button>
            </Group>
          </Modal>
        </Stack>
      ) : (
        <Loader mt="md" aria-label="Loading the event" />
      )}
    </Container>
  );
}
