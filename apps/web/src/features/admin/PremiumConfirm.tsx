import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Modal } from '../../components/overlays';
import type { TAdminUserView } from '@rhema/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError } from '../../lib/forms';
import { useTrpc } from '../../lib/use-trpc';
import { formatDate } from '../../lib/dates';

type Subscription = TAdminUserView['subscriptions'][number];

const PAYMENT_TEXT: Record<Subscription['payment_state'], string> = {
  awaiting: 'payment awaited',
  paid: 'paid',
  refunded: 'refunded',
  disputed: 'disputed',
};

/**
 * Each premium payment of a member: its reference, amount, state and how it is paid. Staff confirm a pending one
 * received by bank transfer (subscriptions.confirm, audited by the procedure; card checkouts confirm themselves
 * through the provider's webhook): a confirm step asks before the payment is recorded.
 */
export function PremiumConfirm({ subscriptions }: { subscriptions: TAdminUserView['subscriptions'] }) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState<Subscription | null>(null);
  const confirm = useMutation(
    trpc.subscriptions.confirm.mutationOptions({
      onSuccess: () => {
        setError(null);
        setAsking(null);
        void queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
      },
      onError: (e: unknown) => {
        setAsking(null);
        setError(describeError(e, []).message);
      },
      meta: { showsOwnErrors: true },
    }),
  );
  if (subscriptions.length === 0) return null;
  return (
    <section aria-labelledby="premium-title">
      <Title order={2} id="premium-title" size="h3" mt="lg">
        Premium subscriptions
      </Title>
      <Stack gap="xs">
        {subscriptions.map((subscription) => (
          <Group key={subscription._id} gap="md">
            <Text>
              Premium from {formatDate(subscription.created_at)}: {subscription.status}
              {subscription.reference ? `, reference ${subscription.reference}` : ''},{' '}
              {subscription.amount.label}
              {` · ${PAYMENT_TEXT[subscription.payment_state]}`}
              {subscription.provider === 'manual' ? ' (bank transfer)' : ' (card checkout)'}
            </Text>
            {subscription.status === 'pending' ? (
              <Button size="xs" onClick={() => setAsking(subscription)}>
                Confirm payment
              </Button>
            ) : null}
          </Group>
        ))}
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
      </Stack>
      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        closeButtonProps={{ 'aria-label': 'Close' }}
        title="Confirm payment"
        centered
      >
        <Stack gap="xs">
          <Text>
            Amount: <strong>{asking?.amount.label}</strong>
          </Text>
          <Text>
            Payment reference: <strong>{asking?.reference ?? 'none given'}</strong>
          </Text>
          <Text fz="sm">
            Record this payment only once it has been received under this reference. The member&apos;s premium
            starts at once.
          </Text>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={() => setAsking(null)}>
              Cancel
            </Button>
            <Button
              loading={confirm.isPending}
              onClick={() => asking && confirm.mutate({ subscriptionId: asking._id })}
              data-autofocus
            >
              Record payment
            </Button>
          </Group>
        </Stack>
      </Modal>
    </section>
  );
}
