import {
  Alert,
  Avatar,
  Box,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { TCall, TMessage } from '@rhema/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { describeError } from '../../lib/forms';
import { AnchorLink } from '../../lib/links';
import { PageTitle } from '../../lib/page-title';
import { BlockDialog } from '../../features/members/BlockDialog';
import { ReportDialog } from '../../features/members/ReportDialog';
import { Composer } from '../../features/messages/Composer';
import { IncomingCall } from '../../features/calls/IncomingCall';
import { callPageHref, describeCall } from '../../features/calls/links';
import { formatMessageTime, useLiveMessages } from '../../features/messages/live';
import { useTrpc } from '../../lib/use-trpc';
import { forFirstScreen } from '../../lib/first-screen';

export const Route = createFileRoute('/account/messages/$userId')({
  loader: ({ context: { queryClient, trpc }, params: { userId }, preload }) =>
    forFirstScreen(async () => {
      await Promise.all([
        // reading the thread marks their messages read: a visit does, a link's hover (preload) must not
        preload ? null : queryClient.prefetchQuery(trpc.messages.thread.queryOptions({ user_id: userId })),
        // the calls show among the messages
        queryClient.prefetchQuery(trpc.calls.list.queryOptions({ user_id: userId })),
      ]);
    }),
  component: ThreadPage,
});

/**
 * A thread with one member: the messages oldest first, new ones arriving live and announced to screen
 * readers, "Seen" under the last message they read, "… is typing", the message box (Composer), and Report and
 * Block at hand.
 */
function ThreadPage() {
  const trpc = useTrpc();
  const { userId } = Route.useParams();
  const queryClient = useQueryClient();
  const thread = useQuery(trpc.messages.thread.queryOptions({ user_id: userId }));
  const calls = useQuery(trpc.calls.list.queryOptions({ user_id: userId }));
  const [older, setOlder] = useState<{ messages: TMessage[]; hasOlder: boolean } | null>(null);
  const [dialog, setDialog] = useState<'report' | 'block' | null>(null);
  const firstName = thread.data?.member.first_name ?? '';
  const endRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  // what a screen reader hears when a message from this member arrives (the list itself is not a live region, so
  // your own messages are not read back to you)
  const { latest, typingFrom, incomingCall, clearIncomingCall } = useLiveMessages();
  const announcement =
    latest && latest.sender_id === userId ? `New message from ${firstName}: ${latest.body}` : '';

  const block = useMutation(
    trpc.safety.block.mutationOptions({
      meta: { showsOwnErrors: true },
      onSuccess: async () => {
        // the thread, the conversation and the friendship are gone for both: every list is re-read
        await queryClient.invalidateQueries();
        await navigate({ to: '/account/messages' });
      },
    }),
  );

  const loadOlder = async () => {
    const first = (older?.messages ?? thread.data?.messages ?? [])[0];
    if (!first) return;
    const page = await queryClient.fetchQuery(
      trpc.messages.thread.queryOptions({ user_id: userId, before: Number(first._id) }),
    );
    setOlder({ messages: [...page.messages, ...(older?.messages ?? [])], hasOlder: page.has_older });
  };

  const count = thread.data?.messages.length ?? 0;
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);

  if (thread.isError)
    return (
      <Container size="md" py="xl">
        <PageTitle>Conversation</PageTitle>
        <Title order={1}>Conversation</Title>
        <Alert color="red" role="alert" mt="md">
          {describeError(thread.error, []).message}
        </Alert>
        <AnchorLink to="/account/messages" mt="md" display="inline-block">
          Back to your messages
        </AnchorLink>
      </Container>
    );
  if (!thread.data)
    return (
      <Container size="md" py="xl">
        <PageTitle>Conversation</PageTitle>
        <Loader aria-label="Loading the conversation" />
      </Container>
    );

  const { member } = thread.data;
  const messages = [...(older?.messages ?? []), ...thread.data.messages];
  const hasOlder = older ? older.hasOlder : thread.data.has_older;
  // "Seen" goes under the newest of your messages they have read
  const seenId = messages.findLast((m) => m.sender_id !== member._id && m.read_at !== null)?._id;
  // calls show among the messages by time (docs/decisions/180-video-calls.md); before the oldest message shown
  // only once every older message is
  const from = hasOlder ? messages[0]?.created_at : undefined;
  const items: ({ call: TCall; at: string } | { message: TMessage; at: string })[] = [
    ...messages.map((message) => ({ message, at: message.created_at })),
    ...(calls.data?.calls ?? [])
      .filter((call) => !from || call.created_at >= from)
      .map((call) => ({ call, at: call.created_at })),
  ].sort((x, y) => (x.at < y.at ? -1 : x.at > y.at ? 1 : 0));

  return (
    <Container size="md" py="xl">
      <PageTitle>{`Messages with ${member.first_name}`}</PageTitle>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <Avatar src={member.profile_pic_url} alt="" size={48} radius="md" color="plum">
            {member.first_name.slice(0, 1)}
          </Avatar>
          <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
            Messages with {member.first_name}
          </Title>
        </Group>
        <Group gap="xs">
          {thread.data.can_send ? (
            <Button component="a" href={callPageHref(member._id)} size="xs" color="plum">
              Video call
            </Button>
          ) : null}
          <AnchorLink to="/members/$memberId" params={{ memberId: member._id }}>
            View profile
          </AnchorLink>
          <Button variant="default" size="xs" onClick={() => setDialog('report')}>
            Report
          </Button>
          <Button variant="default" size="xs" onClick={() => setDialog('block')}>
            Block
          </Button>
        </Group>
      </Group>
      <AnchorLink to="/account/messages" fz="sm" mt="xs" display="inline-block">
        All messages
      </AnchorLink>

      {incomingCall?.from === member._id ? (
        <IncomingCall call={incomingCall} firstName={member.first_name} onDone={clearIncomingCall} />
      ) : null}

      <VisuallyHidden aria-live="polite" aria-atomic="true" data-testid="new-message-announcement">
        {announcement}
      </VisuallyHidden>

      <Stack gap="sm" mt="md">
        {hasOlder ? (
          <Button variant="subtle" onClick={() => void loadOlder()} style={{ alignSelf: 'center' }}>
            Show older messages
          </Button>
        ) : null}
        {items.length ? (
          <Stack
            component="ol"
            gap="xs"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={`Messages with ${member.first_name}`}
          >
            {items.map((item) => {
              if ('call' in item)
                return (
                  <Box component="li" key={`call-${item.call._id}`} ta="center" data-testid="call-event">
                    <Text fz="sm" c="dimmed">
                      {describeCall(item.call)}
                      {item.call.caller_id === member._id ? ` from ${member.first_name}` : ''} ·{' '}
                      <time dateTime={item.at}>{formatMessageTime(item.at)}</time>
                    </Text>
                  </Box>
                );
              const m = item.message;
              const mine = m.sender_id !== member._id;
              return (
                <Box
                  component="li"
                  key={m._id}
                  style={{
                    display: 'flex',
                    flexDirection: 'column',
                    alignItems: mine ? 'flex-end' : 'flex-start',
                  }}
                >
                  <Paper
                    withBorder
                    p="sm"
                    radius="md"
                    maw="85%"
                    bg={mine ? 'var(--mantine-color-plum-light)' : undefined}
                    data-testid="message"
                  >
                    <VisuallyHidden>{mine ? 'You' : member.first_name}: </VisuallyHidden>
                    <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{m.body}</Text>
                    <Text fz="xs" c="dimmed" ta={mine ? 'right' : 'left'}>
                      <time dateTime={m.created_at}>{formatMessageTime(m.created_at)}</time>
                    </Text>
                  </Paper>
                  {m._id === seenId ? (
                    <Text fz="xs" c="dimmed" data-testid="seen">
                      Seen
                    </Text>
                  ) : null}
                </Box>
              );
            })}
          </Stack>
        ) : (
          <Text c="dimmed">No messages yet. Say hello to {member.first_name}.</Text>
        )}
        <div ref={endRef} />
        <Text fz="sm" c="dimmed" mih="1.5em" aria-live="polite" data-testid="typing">
          {typingFrom === member._id ? `${member.first_name} is typing…` : ''}
        </Text>

        {thread.data.can_send ? (
          <Composer userId={member._id} firstName={member.first_name} />
        ) : (
          <Alert color="gray" mt="sm">
            You can no longer send messages to {member.first_name}: messaging needs a friend request you have
            both accepted.
          </Alert>
        )}
      </Stack>
      {block.isError ? (
        <Alert color="red" role="alert" mt="md">
          {describeError(block.error, []).message}
        </Alert>
      ) : null}
      <ReportDialog
        userId={member._id}
        firstName={member.first_name}
        source="thread"
        opened={dialog === 'report'}
        onClose={() => setDialog(null)}
      />
      <BlockDialog
        firstName={member.first_name}
        opened={dialog === 'block'}
        pending={block.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() => block.mutate({ user_id: member._id })}
      />
    </Container>
  );
}
