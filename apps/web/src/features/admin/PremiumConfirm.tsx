import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { TAdminUserView } from '@rhema/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError } from '../../lib/forms';
import { trpc } from '../../lib/trpc';
import { formatDate } from '../../lib/dates';

/** Staff confirm a member's pending premium payment (subscriptions.confirm, audited by the procedure). */
export function PremiumConfirm({ subscriptions }: { subscriptions: TAdminUserView['subscriptions'] }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const confirm = useMutation(
    trpc.subscriptions.confirm.mutationOptions({
      onSuccess: () => {
        setError(null);
        void queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
      },
      onError: (e: unknown) => setError(describeError(e, []).message),
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
              Premium from {formatDate(subscription.created_at, 'short')}: {subscription.status}
            </Text>
            {subscription.status === 'pending' ? (
              <Button
                size="xs"
                loading={confirm.isPending}
                onClick={() => confirm.mutate({ subscriptionId: subscription._id })}
              >
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
    </section>
  );
}
