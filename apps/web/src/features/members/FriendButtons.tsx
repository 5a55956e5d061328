import { callPageHref } from '../calls/links';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { FriendState, TFriendQuota } from '@rhema/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ButtonLink } from '../../lib/links';
import { useTrpc } from '../../lib/use-trpc';
import { describeError } from '../../lib/forms';
import { formatDateTime } from '../../lib/dates';

/** 'You can send N more friend requests today' and when the 24-hour window frees the next one. */
export function QuotaText({ quota }: { quota: TFriendQuota }) {
  const reset = quota.resets_at ? formatDateTime(quota.resets_at) : null;
  return (
    <Text fz="sm" c="dimmed" data-testid="friend-quota">
      You can send {quota.remaining} more friend {quota.remaining === 1 ? 'request' : 'requests'} today (
      {quota.limit} in any 24 hours).
      {reset ? ` The next one frees up on ${reset}.` : ''}
    </Text>
  );
}

/** The profile page's friend controls, by the viewer's relation with the member, and its video call button. */
export function FriendButtons({
  userId,
  firstName,
  state,
  requestId,
  canCall,
}: {
  userId: string;
  firstName: string;
  state: FriendState;
  requestId: string | null;
  /** friends, or the two of an accepted introduction (relation.can_call) */
  canCall: boolean;
}) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.members.get.queryKey({ id: userId }) }),
      queryClient.invalidateQueries({ queryKey: trpc.friends.pathKey() }),
    ]);
  const options = {
    onSuccess: () => refresh(),
    onError: (e: unknown) => setError(describeError(e, []).message),
  };
  const send = useMutation(trpc.friends.send.mutationOptions(options));
  const accept = useMutation(trpc.friends.accept.mutationOptions(options));
  const decline = useMutation(trpc.friends.decline.mutationOptions(options));
  const cancel = useMutation(trpc.friends.cancel.mutationOptions(options));
  const quota = useQuery({ ...trpc.friends.quota.queryOptions(), enabled: state === 'none' }).data;

  return (
    <Stack gap="xs">
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <Group gap="sm">
        {state === 'none' ? (
          <Button loading={send.isPending} onClick={() => send.mutate({ user_id: userId })}>
            Send friend request
          </Button>
        ) : null}
        {state === 'outgoing' && requestId ? (
          <>
            <Text>Friend request sent.</Text>
            <Button
              variant="default"
              loading={cancel.isPending}
              onClick={() => cancel.mutate({ request_id: requestId })}
            >
              Cancel request
            </Button>
          </>
        ) : null}
        {state === 'incoming' && requestId ? (
          <>
            <Text>{firstName} sent you a friend request.</Text>
            <Button loading={accept.isPending} onClick={() => accept.mutate({ request_id: requestId })}>
              Accept
            </Button>
            <Button
              variant="default"
              loading={decline.isPending}
              onClick={() => decline.mutate({ request_id: requestId })}
            >
              Decline
            </Button>
          </>
        ) : null}
        {state === 'friends' ? (
          <>
            <Text>You and {firstName} are friends.</Text>
            <ButtonLink size="xs" to="/account/messages/$userId" params={{ userId }}>
              Send {firstName} a message
            </ButtonLink>
          </>
        ) : null}
        {canCall ? (
          <Button component="a" size="xs" variant="default" href={callPageHref(userId)}>
            Video call
          </Button>
        ) : null}
      </Group>
      {state === 'none' && quota ? <QuotaText quota={quota} /> : null}
    </Stack>
  );
}
