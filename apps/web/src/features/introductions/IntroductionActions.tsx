import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { REQUEST_MESSAGE_MAX, type TIntroduction, type TIntroductionAction } from '@rhema/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { trpc } from '../../lib/trpc';

// The spec's success dialogs (section 8), as written.
const SENT = {
  request: 'Your introduction request has been sent. Good luck!',
  accept: 'Your introduction acceptance has been sent. Good luck!',
} as const;

const LABEL: Record<TIntroductionAction, string> = {
  request: 'Request introduction',
  accept: 'Accept',
  reject: 'Reject',
};

/**
 * Request / Accept / Reject for one introduction, each the server allows (`actions`): a message of at most 250
 * characters with a live count (request and accept), a confirm step, then the spec's 'Great news' dialog. A failed
 * call shows the snack-bar, a 417 the premium flow (lib/api-errors.ts).
 */
export function IntroductionActions({ introduction }: { introduction: TIntroduction }) {
  const [action, setAction] = useState<TIntroductionAction | null>(null);
  // the dialog stays after the action (its 'Great news' outlives the buttons the new state no longer offers)
  const name = (introduction.role === 'owner' ? introduction.contact : introduction.user)?.first_name;
  return (
    <>
      <Group gap="sm" hidden={!introduction.actions.length}>
        {introduction.actions.map((a) => (
          <Button
            key={a}
            variant={a === 'reject' ? 'default' : 'filled'}
            onClick={() => setAction(a)}
            aria-label={name ? `${LABEL[a]}: ${name}` : undefined}
          >
            {LABEL[a]}
          </Button>
        ))}
      </Group>
      {action ? (
        <ActionDialog introduction={introduction} action={action} onClose={() => setAction(null)} />
      ) : null}
    </>
  );
}

function ActionDialog({
  introduction,
  action,
  onClose,
}: {
  introduction: TIntroduction;
  action: TIntroductionAction;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const [step, setStep] = useState<'compose' | 'confirm' | 'sent'>(
    action === 'reject' ? 'confirm' : 'compose',
  );
  const countId = useId();
  const settled = {
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: trpc.introductions.pathKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.auth.session.queryKey() });
      if (action === 'reject') onClose();
      else setStep('sent');
    },
    // the snack-bar or the premium flow says what went wrong; the dialog gives way to it
    onError: onClose,
  };
  const request = useMutation(trpc.introductions.request.mutationOptions(settled));
  const accept = useMutation(trpc.introductions.accept.mutationOptions(settled));
  const reject = useMutation(trpc.introductions.reject.mutationOptions(settled));
  const pending = request.isPending || accept.isPending || reject.isPending;
  const send = () => {
    const matchId = introduction._id;
    if (action === 'request') request.mutate({ matchId, message });
    else if (action === 'accept') accept.mutate({ matchId, message });
    else reject.mutate({ matchId });
  };
  const other = introduction.role === 'owner' ? introduction.contact : introduction.user;

  if (step === 'sent' && action !== 'reject') {
    return (
      <Modal
        opened
        onClose={onClose}
        closeButtonProps={{ 'aria-label': 'Close' }}
        title="Great news"
        centered
      >
        <Text>{SENT[action]}</Text>
        <Button mt="lg" onClick={onClose}>
          Ok
        </Button>
      </Modal>
    );
  }
  const title =
    action === 'request'
      ? `Request an introduction to ${other?.first_name ?? 'your match'}`
      : action === 'accept'
        ? `Accept ${other?.first_name ?? 'this'}'s introduction`
        : `Reject ${other?.first_name ?? 'this'}'s introduction`;
  return (
    <Modal opened onClose={onClose} closeButtonProps={{ 'aria-label': 'Close' }} title={title} centered>
      {step === 'compose' ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setStep('confirm');
          }}
        >
          <Stack gap="sm">
            <Textarea
              label="Your message"
              description={
                action === 'request'
                  ? 'Our consultants pass it on with your request.'
                  : 'Our consultants pass it on with your answer.'
              }
              autosize
              minRows={3}
              maxLength={REQUEST_MESSAGE_MAX}
              value={message}
              onChange={(event) => setMessage(event.currentTarget.value)}
              aria-describedby={countId}
              data-autofocus
            />
            <Text id={countId} fz="sm" c="dimmed" ta="right" aria-live="polite">
              {message.length}/{REQUEST_MESSAGE_MAX} characters
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit">Continue</Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Stack gap="sm">
          <Text>
            {action === 'request'
              ? 'Do you want to send this request?'
              : action === 'accept'
                ? 'Do you want to accept this introduction? You will both see each other’s phone number.'
                : 'Do you want to reject this introduction? This cannot be undone.'}
          </Text>
          {message ? (
            <Text fz="sm" c="dimmed">
              Your message: {message}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => (action === 'reject' ? onClose() : setStep('compose'))}>
              Back
            </Button>
            <Button loading={pending} onClick={send} data-autofocus>
              {action === 'request' ? 'Send' : action === 'accept' ? 'Send acceptance' : 'Reject'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
