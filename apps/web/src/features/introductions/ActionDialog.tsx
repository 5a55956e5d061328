import { Button, Group, Stack, Text } from '@mantine/core';
import { Modal } from '../../components/overlays';
import {
  REQUEST_MESSAGE_MAX,
  type TIntroduction,
  type TIntroductionAction,
  ZIntroductionActionRequest,
} from '@rhema/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSchemaForm } from '../../lib/forms';
import { ButtonLink } from '../../lib/links';
import { PremiumOffer } from './PremiumOffer';
import { useGetPremium } from './use-get-premium';
import { useTrpc } from '../../lib/use-trpc';
import { GrowingTextarea } from '../../components/GrowingTextarea';

// The success dialogs, worded as the product words them.
const SENT = {
  request: 'Your introduction request has been sent. Good luck!',
  accept: 'Your introduction acceptance has been sent. Good luck!',
} as const;

/** One action's dialog: the premium step, the message, the confirm step, then the product's 'Great news'. */
export function ActionDialog({
  introduction,
  action,
  onClose,
}: {
  introduction: TIntroduction;
  action: TIntroductionAction;
  onClose: () => void;
}) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const draft = useDraft(action === 'request' ? introduction._id : null);
  const { form, onSubmit } = useSchemaForm({
    initialValues: { message: draft.initial },
    schema: ZIntroductionActionRequest.pick({ message: true }),
  });
  const message = form.values.message;
  // without an active premium, a request starts with what premium costs and buys, before anything is written
  const needsPremium = action === 'request' && introduction.premium !== 'active';
  const [step, setStep] = useState<'premium' | 'compose' | 'confirm' | 'sent'>(
    action === 'reject' ? 'confirm' : needsPremium ? 'premium' : 'compose',
  );
  const countId = useId();
  const settled = {
    onSuccess: () => {
      if (action === 'request') draft.forget();
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
  if (step === 'premium') {
    return <PremiumStep introduction={introduction} onClose={onClose} onWrite={() => setStep('compose')} />;
  }
  return (
    <Modal opened onClose={onClose} closeButtonProps={{ 'aria-label': 'Close' }} title={title} centered>
      {step === 'compose' ? (
        <form noValidate onSubmit={onSubmit(() => setStep('confirm'))}>
          <Stack gap="sm">
            <GrowingTextarea
              label="Your message"
              description={
                action === 'request'
                  ? 'Our consultants pass it on with your request.'
                  : 'Our consultants pass it on with your answer.'
              }
              minRows={3}
              maxLength={REQUEST_MESSAGE_MAX}
              {...form.getInputProps('message')}
              onChange={(event) => {
                form.setFieldValue('message', event.currentTarget.value);
                draft.save(event.currentTarget.value);
              }}
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

const draftKey = (matchId: string) => `rhema.request-draft.${matchId}`;

/**
 * The request message, kept in this tab's session storage while it is written, so it is still there after the
 * premium screens; forgotten once the request is sent.
 */
function useDraft(matchId: string | null) {
  const [initial] = useState(() => (matchId ? (sessionStorage.getItem(draftKey(matchId)) ?? '') : ''));
  return {
    initial,
    save(next: string) {
      if (!matchId) return;
      if (next === '') sessionStorage.removeItem(draftKey(matchId));
      else sessionStorage.setItem(draftKey(matchId), next);
    },
    forget() {
      if (matchId) sessionStorage.removeItem(draftKey(matchId));
    },
  };
}

/** Premium's price and what it buys, then: get it (./use-get-premium.ts), or write the message now. */
function PremiumStep({
  introduction,
  onClose,
  onWrite,
}: {
  introduction: TIntroduction;
  onClose: () => void;
  onWrite: () => void;
}) {
  const { user } = introduction;
  const create = useGetPremium({ userId: user._id, matchId: introduction._id, onDone: onClose });
  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title="Premium for this introduction"
      centered
    >
      <PremiumOffer />
      {introduction.premium === 'pending' ? (
        <Text mt="sm" fz="sm">
          Your premium is waiting for your payment. You can write your message now: it is kept until you send
          it.
        </Text>
      ) : (
        <Text mt="sm" fz="sm">
          Your message is kept while you get premium: write it now or after paying.
        </Text>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onWrite}>
          Write my message
        </Button>
        {introduction.premium === 'pending' && introduction.subscription_id ? (
          <ButtonLink
            to="/account/user/$userId/match/$matchId/sub/$subscriptionId/premium"
            params={{
              userId: user._id,
              matchId: introduction._id,
              subscriptionId: introduction.subscription_id,
            }}
          >
            How to pay
          </ButtonLink>
        ) : (
          <Button
            loading={create.isPending}
            onClick={() => create.mutate({ matchId: introduction._id })}
            data-autofocus
          >
            Get premium
          </Button>
        )}
      </Group>
    </Modal>
  );
}
