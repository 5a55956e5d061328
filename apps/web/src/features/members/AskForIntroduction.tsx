import { Alert, Button, Stack, Text } from '@mantine/core';
import { MATCH_REQUESTS_PER_24H } from '@rhema/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError } from '../../lib/forms';
import { AnchorLink } from '../../lib/links';
import { useTrpc } from '../../lib/use-trpc';

/**
 * "Ask a consultant to introduce me": sends the team a request naming this member (the private matchmaking flow's
 * first steps without leaving the app). One query of the member's requests serves every card on a page: a member
 * already asked for shows where that request stands instead of the button.
 */
export function AskForIntroduction({
  userId,
  firstName,
  compact = false,
}: {
  userId: string;
  firstName: string;
  compact?: boolean;
}) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const mine = useQuery(trpc.matchRequests.list.queryOptions());
  const ask = useMutation(
    trpc.matchRequests.create.mutationOptions({
      meta: { showsOwnErrors: true },
      onSuccess: () => {
        setError(null);
        return queryClient.invalidateQueries({ queryKey: trpc.matchRequests.list.queryKey() });
      },
      onError: (e) => setError(describeError(e, []).message),
    }),
  );
  const open = mine.data?.data.find((r) => r.member._id === userId && r.status === 'open');
  const quota = mine.data?.quota;
  return (
    <Stack gap={4}>
      {open ? (
        <Text fz="sm" role="status">
          Request sent: a consultant will call {firstName} for you.{' '}
          <AnchorLink underline="always" to="/account/introductions">
            See your requests
          </AnchorLink>
        </Text>
      ) : (
        <Button
          size={compact ? 'xs' : 'sm'}
          variant={compact ? 'light' : 'filled'}
          fullWidth={compact}
          // a card or a phone can be narrower than the label: it wraps instead of being cut off (styles.css)
          className="button-wraps"
          loading={ask.isPending}
          disabled={!mine.data || quota?.remaining === 0}
          onClick={() => ask.mutate({ user_id: userId })}
          aria-label={compact ? `Ask a consultant to introduce me to ${firstName}` : undefined}
        >
          Ask a consultant to introduce me
        </Button>
      )}
      {!compact && !open ? (
        <Text fz="sm" c="dimmed">
          Our consultants phone {firstName} on your behalf. You can ask for {MATCH_REQUESTS_PER_24H}{' '}
          introductions in any 24 hours
          {quota ? ` (${quota.remaining} left now)` : ''}.
        </Text>
      ) : null}
      {error ? (
        <Alert color="red" role="alert" p="xs">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}
