import { Alert, Avatar, Badge, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { describeError } from '../../lib/forms';
import { AnchorLink } from '../../lib/links';
import { formatMessageTime, useLiveMessages } from '../../features/messages/live';
import { IncomingCall } from '../../features/calls/IncomingCall';
import { useTrpc } from '../../lib/use-trpc';
import { forFirstScreen } from '../../lib/first-screen';

export const Route = createFileRoute('/account/messages/')({
  head: () => ({ meta: [{ title: 'Messages · Rhema' }] }),
  loader: ({ context: { queryClient, trpc } }) =>
    forFirstScreen(() => queryClient.prefetchQuery(trpc.messages.conversations.queryOptions())),
  component: ConversationsPage,
});

/** The member's conversations: newest first, unread counts, kept current by the live stream. */
function ConversationsPage() {
  const trpc = useTrpc();
  const inbox = useQuery(trpc.messages.conversations.queryOptions());
  const { incomingCall, clearIncomingCall } = useLiveMessages();
  const unread = inbox.data?.unread_total ?? 0;
  const caller = inbox.data?.conversations.find((c) => c.member._id === incomingCall?.from)?.member;

  return (
    <Container size="md" py="xl">
      <Title order={1}>Messages</Title>
      {incomingCall ? (
        <IncomingCall
          call={incomingCall}
          firstName={caller?.first_name ?? 'A member'}
          onDone={clearIncomingCall}
        />
      ) : null}
      {inbox.isError ? (
        <Alert color="red" role="alert" mt="md">
          {describeError(inbox.error, []).message}
        </Alert>
      ) : inbox.data ? (
        <Stack gap="sm" mt="md">
          <Text c="dimmed" aria-live="polite" data-testid="unread-total">
            {unread === 0
              ? 'No unread messages.'
              : `${unread} unread ${unread === 1 ? 'message' : 'messages'}.`}
          </Text>
          {inbox.data.conversations.length ? (
            <Stack
              component="ul"
              gap="sm"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label="Conversations"
            >
              {inbox.data.conversations.map((c) => (
                <li key={c.member._id}>
                  <Card withBorder padding="md">
                    <Group wrap="nowrap" align="flex-start">
                      <Avatar src={c.member.profile_pic_url} alt="" size={48} radius="md" color="plum">
                        {c.member.first_name.slice(0, 1)}
                      </Avatar>
                      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                        <Group gap="xs" justify="space-between" wrap="wrap">
                          <AnchorLink
                            fw={700}
                            to="/account/messages/$userId"
                            params={{ userId: c.member._id }}
                            aria-label={c.unread ? `${c.member.first_name}, ${c.unread} unread` : undefined}
                          >
                            {c.member.first_name}
                          </AnchorLink>
                          <Text fz="xs" c="dimmed">
                            <time dateTime={c.last_message.created_at}>
                              {formatMessageTime(c.last_message.created_at)}
                            </time>
                          </Text>
                        </Group>
                        <Group gap="xs" wrap="nowrap">
                          <Text fz="sm" truncate style={{ flex: 1 }} fw={c.unread ? 600 : undefined}>
                            {c.last_message.from_me ? 'You: ' : ''}
                            {c.last_message.body}
                          </Text>
                          {c.unread ? (
                            <Badge color="plum" aria-hidden="true">
                              {c.unread}
                            </Badge>
                          ) : null}
                        </Group>
                      </Stack>
                    </Group>
                  </Card>
                </li>
              ))}
            </Stack>
          ) : (
            <Text>
              No conversations yet. Once you and another member have both accepted a friend request or an
              introduction, you can message each other from your{' '}
              <AnchorLink to="/account/friends" underline="always">
                friends list
              </AnchorLink>{' '}
              or your{' '}
              <AnchorLink to="/account/introductions" underline="always">
                introductions
              </AnchorLink>
              .
            </Text>
          )}
        </Stack>
      ) : (
        <Loader mt="md" aria-label="Loading your messages" />
      )}
    </Container>
  );
}
