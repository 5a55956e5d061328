import { Alert, Button, Group, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTrpc } from '../../lib/use-trpc';
import { callPageHref } from './links';

/**
 * A member is ringing (a `ring` on the live stream): Answer opens the call page (a full navigation, see
 * callPageHref), Decline tells them at once. Gone when they give up or the call is answered elsewhere.
 */
export function IncomingCall({
  call,
  firstName,
  onDone,
}: {
  call: { call_id: string; from: string };
  firstName: string;
  onDone: () => void;
}) {
  const trpc = useTrpc();
  const decline = useMutation(trpc.calls.answer.mutationOptions({ onSettled: onDone }));
  return (
    <Alert
      color="plum"
      role="alert"
      title={`${firstName} is calling you`}
      data-testid="incoming-call"
      mt="md"
    >
      <Group gap="sm" mt="xs">
        <Text fz="sm">A video call: answer to check your camera and microphone first.</Text>
        <Button component="a" href={callPageHref(call.from, call.call_id)} size="xs" color="green.9">
          Answer
        </Button>
        <Button
          size="xs"
          variant="default"
          loading={decline.isPending}
          onClick={() => decline.mutate({ call_id: call.call_id, accept: false })}
        >
          Decline
        </Button>
      </Group>
    </Alert>
  );
}
