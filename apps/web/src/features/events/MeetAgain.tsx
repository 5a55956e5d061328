import { Alert, Button, Checkbox, Loader, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../lib/dates';
import { describeError } from '../../lib/forms';
import { useTrpc } from '../../lib/use-trpc';

/**
 * The 72 hours after an event the member was checked in at: whom they would like to meet again, among the other
 * checked-in guests. Private; a mutual choice reaches the consultants (docs/decisions/181-event-places-and-waitlist.md).
 */
export function MeetAgain({ eventId }: { eventId: string }) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const meetAgain = useQuery(
    trpc.events.meetAgain.queryOptions({ id: eventId }, { meta: { showsOwnErrors: true } }),
  );
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [saved, setSaved] = useState(false);
  const choose = useMutation(
    trpc.events.chooseMeetAgain.mutationOptions({
      meta: { showsOwnErrors: true },
      onSuccess: (data) => {
        queryClient.setQueryData(trpc.events.meetAgain.queryKey({ id: eventId }), data);
        setChosen(null);
        setSaved(true);
      },
    }),
  );
  const data = meetAgain.data;
  const current = chosen ?? data?.attendees.filter((a) => a.chosen).map((a) => a.member._id) ?? [];

  return (
    <section aria-labelledby="meet-again-title">
      <Title order={2} fz="h3" id="meet-again-title" mb="xs">
        Who would you like to meet again?
      </Title>
      {meetAgain.isError ? (
        <Alert color="red" role="alert">
          {describeError(meetAgain.error, []).message}
        </Alert>
      ) : !data ? (
        <Loader aria-label="Loading the guests" />
      ) : !data.open ? (
        <Text>The time to choose ended on {formatDateTime(data.closes_at)}.</Text>
      ) : data.attendees.length === 0 ? (
        <Text>No other guest was checked in at this event.</Text>
      ) : (
        <Stack gap="sm">
          <Text fz="sm">
            Your choices are private: nobody is told whom you chose. When someone you chose also chooses you,
            our consultants offer you both an introduction. You can change your choices until{' '}
            {formatDateTime(data.closes_at)}.
          </Text>
          <Checkbox.Group
            label="Guests you met"
            value={current}
            onChange={(value) => {
              setChosen(value);
              setSaved(false);
            }}
          >
            <Stack gap="xs" mt="xs">
              {data.attendees.map(({ member }) => (
                <Checkbox key={member._id} value={member._id} label={`${member.first_name}, ${member.age}`} />
              ))}
            </Stack>
          </Checkbox.Group>
          {choose.isError ? (
            <Alert color="red" role="alert">
              {describeError(choose.error, []).message}
            </Alert>
          ) : null}
          <div>
            <Button
              loading={choose.isPending}
              onClick={() => choose.mutate({ id: eventId, user_ids: current })}
            >
              Save my choices
            </Button>
          </div>
          {saved ? (
            <Text role="status" c="teal.9" fw={600}>
              Saved. Only you can see your choices.
            </Text>
          ) : null}
        </Stack>
      )}
    </section>
  );
}
