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
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { MESSAGE_MAX, ZSendMessageRequest, type TMessage } from '@rhema/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { describeError, FormAlert, useSchemaForm } from '../../lib/forms';
import { AnchorLink } from '../../lib/links';
import { MembersNav } from '../../features/members/MembersNav';
import { ReportDialog } from '../../features/members/ReportDialog';
import { formatMessageTime, useLiveMessages } from '../../features/messages/live';

export const Route = createFileRoute('/account/messages/$userId')({
  head: () => ({ meta: [{ title: 'Conversation · Rhema' }] }),
  component: ThreadPage,
});

/**
 * A thread with one member (issue 11): the messages oldest first, new ones arriving live and announced to screen
 * readers, a message of at most 2,000 characters with its count as you type; Ctrl+Enter sends.
 */
function ThreadPage() {
  const { trpc } = Route.useRouteContext();
  const { userId } = Route.useParams();
  const queryClient = useQueryClient();
  const thread = useQuery(trpc.messages.thread.queryOptions({ user_id: userId }));
  const [older, setOlder] = useState<{ messages: TMessage[]; hasOlder: boolean } | null>(null);
  const [reporting, setReporting] = useState(false);
  const firstName = thread.data?.member.first_name ?? '';
  const endRef = useRef<HTMLDivElement>(null);

  // what a screen reader hears when a message from this member arrives (the list itself is not a live region, so
  // your own messages are not read back to you)
  const latest = useLiveMessages();
  const announcement =
    latest && latest.sender_id === userId ? `New message from ${firstName}: ${latest.body}` : '';

  const { form, formError, onSubmit, serverErrors } = useSchemaForm({
    initialValues: { body: '' },
    schema: ZSendMessageRequest.pick({ body: true }),
  });
  const send = useMutation(
    trpc.messages.send.mutationOptions({
      ...serverErrors,
      onSuccess: () => {
        form.reset();
        void queryClient.invalidateQueries({ queryKey: trpc.messages.pathKey() });
      },
    }),
  );
  const submit = onSubmit((input) => send.mutate({ user_id: userId, body: input.body }));

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

  const length = form.values.body.length;
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };

  if (thread.isError)
    return (
      <Container size="md" py="xl">
        <MembersNav />
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
        <MembersNav />
        <Loader aria-label="Loading the conversation" />
      </Container>
    );

  const { member } = thread.data;
  const messages = [...(older?.messages ?? []), ...thread.data.messages];
  const hasOlder = older ? older.hasOlder : thread.data.has_older;

  return (
    <Container size="md" py="xl">
      <MembersNav />
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
          <AnchorLink to="/members/$memberId" params={{ memberId: member._id }}>
            View profile
          </AnchorLink>
          <Button variant="default" size="xs" onClick={() => setReporting(true)}>
            Report
          </Button>
        </Group>
      </Group>
      <AnchorLink to="/account/messages" fz="sm" mt="xs" display="inline-block">
        All messages
      </AnchorLink>

      <VisuallyHidden aria-live="polite" aria-atomic="true" data-testid="new-message-announcement">
        {announcement}
      </VisuallyHidden>

      <Stack gap="sm" mt="md">
        {hasOlder ? (
          <Button variant="subtle" onClick={() => void loadOlder()} style={{ alignSelf: 'center' }}>
            Show older messages
          </Button>
        ) : null}
        {messages.length ? (
          <Stack
            component="ol"
            gap="xs"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={`Messages with ${member.first_name}`}
          >
            {messages.map((m) => {
              const mine = m.sender_id !== member._id;
              return (
                <Box
                  component="li"
                  key={m._id}
                  style={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }}
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
                </Box>
              );
            })}
          </Stack>
        ) : (
          <Text c="dimmed">No messages yet. Say hello to {member.first_name}.</Text>
        )}
        <div ref={endRef} />

        {thread.data.can_send ? (
          <form onSubmit={submit} noValidate>
            <Stack gap="xs">
              <FormAlert message={formError} />
              <Textarea
                label={`Message to ${member.first_name}`}
                description="Ctrl+Enter sends."
                autosize
                minRows={2}
                maxRows={8}
                onKeyDown={onKeyDown}
                aria-describedby="message-count"
                {...form.getInputProps('body')}
              />
              <Group justify="space-between" wrap="nowrap">
                <Text
                  id="message-count"
                  fz="sm"
                  c={length > MESSAGE_MAX ? 'red.8' : 'dimmed'}
                  data-testid="message-count"
                >
                  {length} / {MESSAGE_MAX} characters
                </Text>
                <Button type="submit" loading={send.isPending}>
                  Send
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Alert color="gray" mt="sm">
            You can no longer send messages to {member.first_name}: messaging needs a friend request you have
            both accepted.
          </Alert>
        )}
      </Stack>
      <ReportDialog
        userId={member._id}
        firstName={member.first_name}
        source="thread"
        opened={reporting}
        onClose={() => setReporting(false)}
      />
    </Container>
  );
}
