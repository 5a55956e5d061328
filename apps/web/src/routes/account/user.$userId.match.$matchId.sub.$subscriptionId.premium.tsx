import { Alert, Badge, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ButtonLink } from '../../lib/links';
import type { Trpc } from '../../lib/trpc';
import { formatDate } from '../../lib/dates';
import { useTrpc } from '../../lib/use-trpc';

function subscriptionQuery(trpc: Trpc, subscriptionId: string) {
  // a pending premium becomes active when the provider's webhook or a consultant records the payment: while it
  // waits, the screen looks again every few seconds (back from the checkout the webhook may still be on its way)
  return trpc.subscriptions.byId.queryOptions(
    { subscriptionId },
    { refetchInterval: (query) => (query.state.data?.status === 'pending' ? 3_000 : false) },
  );
}

const STATUS_TEXT = {
  pending: 'Waiting for your payment',
  active: 'Active',
  cancelled: 'Cancelled',
  expired: 'Expired',
  revoked: 'Withdrawn',
} as const;

/** The product's premium screen (account/user/{userId}/match/{matchId}/sub/{subscriptionId}/premium). */
export const Route = createFileRoute('/account/user/$userId/match/$matchId/sub/$subscriptionId/premium')({
  head: () => ({ meta: [{ title: 'Premium · Rhema' }] }),
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(subscriptionQuery(context.trpc, params.subscriptionId)),
  component: PremiumPage,
});

function PremiumPage() {
  const trpc = useTrpc();
  const { subscriptionId } = Route.useParams();
  const { data: subscription } = useSuspenseQuery(subscriptionQuery(trpc, subscriptionId));
  const active = subscription.status === 'active';
  return (
    <Container size="sm" py="xl">
      <Title order={1}>Premium for your introduction</Title>
      <Card withBorder padding="lg" mt="lg">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} fz="h4">
              Rhema Premium, one match
            </Title>
            <Badge color={active ? 'green' : 'orange'} variant="light" size="lg">
              {STATUS_TEXT[subscription.status]}
            </Badge>
          </Group>
          <Text fz="sm">
            Started {formatDate(subscription.created_at)}
            {subscription.expires_at ? `, valid until ${formatDate(subscription.expires_at)}` : ''}
          </Text>
          <Text>
            Price: <strong>{subscription.payment.amount.label}</strong>, paid once for this match.
          </Text>
          {subscription.payment.reference ? (
            <Text>
              Payment reference: <strong>{subscription.payment.reference}</strong>
            </Text>
          ) : null}
          <div role="status" aria-live="polite">
            {active ? (
              <Alert color="green" title="Your premium is active">
                You can now send your introduction request.
              </Alert>
            ) : (
              <Alert color="plum" variant="light" title="How to complete your payment">
                {subscription.payment.instructions}
              </Alert>
            )}
          </div>
          {subscription.payment.checkout_url ? (
            <Group>
              <Button component="a" href={subscription.payment.checkout_url}>
                Pay {subscription.payment.amount.label} by card
              </Button>
            </Group>
          ) : null}
        </Stack>
      </Card>
      <ButtonLink to="/account/introductions" mt="xl" variant={active ? 'filled' : 'default'}>
        Go to my introductions
      </ButtonLink>
    </Container>
  );
}
