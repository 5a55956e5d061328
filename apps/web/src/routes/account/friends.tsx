import { Alert, Button, Container, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { AnchorLink, ButtonLink } from '../../lib/links';
import { useState } from 'react';
import { describeError } from '../../lib/forms';
import { QuotaText } from '../../features/members/FriendButtons';
import { MemberCard } from '../../features/members/MemberCard';
import { useTrpc } from '../../lib/use-trpc';
import { forFirstScreen } from '../../lib/first-screen';

export const Route = createFileRoute('/account/friends')({
  head: () => ({ meta: [{ title: 'Friends · Rhema' }] }),
  loader: ({ context: { queryClient, trpc } }) =>
    forFirstScreen(() => queryClient.prefetchQuery(trpc.friends.overview.queryOptions())),
  component: FriendsPage,
});

function FriendsPage() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const overview = useQuery(trpc.friends.overview.queryOptions());
  const blocked = useQuery(trpc.safety.blocked.queryOptions());
  const options = {
    meta: { showsOwnErrors: true },
    onSuccess: () => queryClient.invalidateQueries(),
    onError: (e: unknown) => setError(describeError(e, []).message),
  };
  const accept = useMutation(trpc.friends.accept.mutationOptions(options));
  const decline = useMutation(trpc.friends.decline.mutationOptions(options));
  const cancel = useMutation(trpc.friends.cancel.mutationOptions(options));
  const unblock = useMutation(trpc.safety.unblock.mutationOptions(options));

  return (
    <Container size="lg" py="xl">
      <Title order={1}>Friends</Title>
      {error ? (
        <Alert color="red" role="alert" mt="md">
          {error}
        </Alert>
      ) : null}
      {overview.isError ? (
        <Alert color="red" role="alert" mt="md">
          {describeError(overview.error, []).message}
        </Alert>
      ) : overview.data ? (
        <Stack gap="xl" mt="md">
          <QuotaText quota={overview.data.quota} />
          <section aria-labelledby="incoming-title">
            <Title order={2} fz="xl" id="incoming-title" mb="sm">
              Requests to you
            </Title>
            {overview.data.incoming.length ? (
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
                {overview.data.incoming.map((entry, index) => (
                  <MemberCard key={entry._id} member={entry.member} index={index}>
                    <Button size="xs" onClick={() => accept.mutate({ request_id: entry._id })}>
                      Accept
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => decline.mutate({ request_id: entry._id })}
                    >
                      Decline
                    </Button>
                  </MemberCard>
                ))}
              </SimpleGrid>
            ) : (
              <Text c="dimmed">No requests waiting for you.</Text>
            )}
          </section>
          <section aria-labelledby="outgoing-title">
            <Title order={2} fz="xl" id="outgoing-title" mb="sm">
              Requests you sent
            </Title>
            {overview.data.outgoing.length ? (
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
                {overview.data.outgoing.map((entry, index) => (
                  <MemberCard key={entry._id} member={entry.member} index={index}>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => cancel.mutate({ request_id: entry._id })}
                    >
                      Cancel request
                    </Button>
                  </MemberCard>
                ))}
              </SimpleGrid>
            ) : (
              <Text c="dimmed">
                None at the moment. Find someone in the{' '}
                <AnchorLink to="/members" underline="always">
                  members list
                </AnchorLink>
                .
              </Text>
            )}
          </section>
          <section aria-labelledby="friends-title">
            <Title order={2} fz="xl" id="friends-title" mb="sm">
              Your friends
            </Title>
            {overview.data.friends.length ? (
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
                {overview.data.friends.map((entry, index) => (
                  <MemberCard key={entry._id} member={entry.member} index={index}>
                    <ButtonLink
                      size="xs"
                      to="/account/messages/$userId"
                      params={{ userId: entry.member._id }}
                      aria-label={`Message ${entry.member.first_name}`}
                    >
                      Message
                    </ButtonLink>
                  </MemberCard>
                ))}
              </SimpleGrid>
            ) : (
              <Text c="dimmed">When a request is accepted, you can message each other.</Text>
            )}
          </section>
          {blocked.data?.length ? (
            <section aria-labelledby="blocked-title">
              <Title order={2} fz="xl" id="blocked-title" mb="sm">
                Blocked members
              </Title>
              <Stack gap="xs">
                {blocked.data.map((b) => (
                  <Group key={b._id} gap="sm">
                    <Text>{b.first_name}</Text>
                    <Button size="xs" variant="default" onClick={() => unblock.mutate({ user_id: b._id })}>
                      Unblock {b.first_name}
                    </Button>
                  </Group>
                ))}
              </Stack>
            </section>
          ) : null}
        </Stack>
      ) : (
        <Loader mt="md" aria-label="Loading your friends" />
      )}
    </Container>
  );
}
