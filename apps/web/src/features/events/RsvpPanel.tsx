import { Alert, Button, Checkbox, Group, Stack, Switch, Text } from '@mantine/core';
import { Modal } from '../../components/overlays';
import type { TEvent } from '@rhema/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError } from '../../lib/forms';
import { useTrpc } from '../../lib/use-trpc';

const GUEST_LIST_LABEL = 'Show my first name and initial on the launch evening’s public guest list';

/**
 * The member's answer to an event: reserve a place (or join the waitlist when it is full), give it back, and for
 * the launch evening whether their first name and initial appear on the /launch page's guest list.
 */
export function RsvpPanel({ event, isLaunch }: { event: TEvent; isLaunch: boolean }) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [onGuestList, setOnGuestList] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const options = {
    meta: { showsOwnErrors: true },
    onSuccess: async (data: TEvent) => {
      setError(null);
      setConfirmCancel(false);
      queryClient.setQueryData(trpc.events.get.queryKey({ id: event._id }), data);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.events.list.pathKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.events.mine.pathKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.events.guestList.pathKey() }),
      ]);
    },
    onError: (e: unknown) => setError(describeError(e, []).message),
  };
  const rsvp = useMutation(trpc.events.rsvp.mutationOptions(options));
  const cancel = useMutation(trpc.events.cancelRsvp.mutationOptions(options));
  const guestList = useMutation(trpc.events.setGuestList.mutationOptions(options));

  const rsvpStatus = event.my_rsvp?.status;
  const holding = rsvpStatus === 'confirmed' || rsvpStatus === 'waitlisted';
  // the time the page opened: an event starting while it is open is refused by the server (409), said in the alert
  const [openedAt] = useState(() => Date.now());
  const started = new Date(event.starts_at).getTime() <= openedAt;

  let body;
  if (event.status === 'cancelled') {
    body = (
      <Alert color="red" title="This event has been cancelled">
        We have emailed everyone who had a place. We are sorry.
      </Alert>
    );
  } else if (started && !holding) {
    body = <Text>This event has started: RSVPs are closed.</Text>;
  } else if (!event.may_attend && !holding) {
    body = (
      <Alert color="blue" title="You cannot come to this event">
        {event.may_not_attend_reason}
      </Alert>
    );
  } else if (holding) {
    const waitlisted = rsvpStatus === 'waitlisted';
    body = (
      <Stack gap="sm">
        <Text fw={600} data-testid="rsvp-status">
          {waitlisted
            ? `You are number ${event.my_rsvp!.waitlist_position} on the waitlist. If a place frees up it is yours, and we email you.`
            : event.my_rsvp!.checked_in_at
              ? 'You were checked in at this event.'
              : 'Your place is confirmed.'}
        </Text>
        {isLaunch ? (
          <Switch
            label={GUEST_LIST_LABEL}
            description={waitlisted ? 'Shown once your place is confirmed.' : undefined}
            checked={event.my_rsvp!.on_guest_list}
            disabled={guestList.isPending}
            onChange={(e) => guestList.mutate({ id: event._id, on_guest_list: e.currentTarget.checked })}
          />
        ) : null}
        {!started && !event.my_rsvp!.checked_in_at ? (
          <div>
            <Button variant="default" onClick={() => setConfirmCancel(true)}>
              {waitlisted ? 'Leave the waitlist' : 'Cancel my place'}
            </Button>
          </div>
        ) : null}
        <Modal
          opened={confirmCancel}
          onClose={() => setConfirmCancel(false)}
          title={waitlisted ? 'Leave the waitlist?' : 'Cancel your place?'}
          closeButtonProps={{ 'aria-label': 'Close' }}
        >
          <Text>
            {waitlisted
              ? 'You lose your spot in the queue. Answering again later puts you at the end of the waitlist.'
              : 'Your place goes to the first person on the waitlist. If you change your mind, you may find the event full.'}
          </Text>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={() => setConfirmCancel(false)}>
              Keep it
            </Button>
            <Button color="red.9" loading={cancel.isPending} onClick={() => cancel.mutate({ id: event._id })}>
              {waitlisted ? 'Leave the waitlist' : 'Cancel my place'}
            </Button>
          </Group>
        </Modal>
      </Stack>
    );
  } else {
    const full = event.places_left <= 0;
    body = (
      <Stack gap="sm">
        <Text>
          {full
            ? 'This event is full. Join the waitlist: places go to the waitlist in the order people joined it.'
            : 'Places are first come, first served.'}
        </Text>
        {isLaunch ? (
          <Checkbox
            label={GUEST_LIST_LABEL}
            checked={onGuestList}
            onChange={(e) => setOnGuestList(e.currentTarget.checked)}
          />
        ) : null}
        <div>
          <Button
            loading={rsvp.isPending}
            onClick={() =>
              rsvp.mutate({ id: event._id, ...(isLaunch ? { on_guest_list: onGuestList } : {}) })
            }
          >
            {full ? 'Join the waitlist' : 'Reserve a place'}
          </Button>
        </div>
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      {body}
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}
