import { Button, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { MESSAGE_MAX, TYPING_SEND_INTERVAL_MS } from '@rhema/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeEvent, KeyboardEvent } from 'react';
import { FormAlert, useSchemaForm } from '../../lib/forms';
import { useTrpc } from '../../lib/use-trpc';
import { GrowingTextarea } from '../../components/GrowingTextarea';

/** The box's schema (and zod) come when the box is first focused or a message sent, not with the page. */
const loadSchema = () => import('./message-schema').then((module) => module.ZMessageBox);

/**
 * The message box of a thread: Enter sends and Shift+Enter starts a new line (as in the messaging apps members
 * know); on a touch screen, whose keyboard has no Shift+Enter, Enter starts a new line and the Send button sends
 * (as in the phone apps). The count of at most 2,000 characters as you type, and "typing" told to the other member at most once
 * every TYPING_SEND_INTERVAL_MS while the box has text.
 */
export function Composer({ userId, firstName }: { userId: string; firstName: string }) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const { form, formError, onSubmit, serverErrors, preloadSchema } = useSchemaForm({
    initialValues: { body: '' },
    loadSchema,
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
  // a lost typing notice harms nobody: no message for it
  const typing = useMutation(trpc.messages.typing.mutationOptions({ meta: { showsOwnErrors: true } }));
  const submit = onSubmit((input) => send.mutate({ user_id: userId, body: input.body }));
  // a touch screen as the primary pointer, read after the first render so that it matches the server's page
  const touch = useMediaQuery('(pointer: coarse)');

  const input = form.getInputProps('body');
  const onChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    (input.onChange as (event: ChangeEvent<HTMLTextAreaElement>) => void)(event);
    // the last notice's time is the typing call's own (TanStack Query keeps when it was sent)
    if (event.currentTarget.value.trim() && Date.now() - typing.submittedAt >= TYPING_SEND_INTERVAL_MS)
      typing.mutate({ user_id: userId });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // a key that ends an input method's composition (Japanese, Chinese) is not a send
    if (touch || event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!send.isPending) submit();
  };
  const length = form.values.body.length;

  return (
    <form onSubmit={submit} onFocus={preloadSchema} noValidate>
      <Stack gap="xs">
        <FormAlert message={formError} />
        <GrowingTextarea
          label={`Message to ${firstName}`}
          description={
            touch
              ? 'Tap Send to send; Enter starts a new line.'
              : 'Enter sends, Shift+Enter starts a new line.'
          }
          enterKeyHint={touch ? 'enter' : 'send'}
          minRows={2}
          maxRows={8}
          aria-describedby="message-count"
          {...input}
          onChange={onChange}
          onKeyDown={onKeyDown}
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
  );
}
