import { Alert, Button, Checkbox, Container, Loader, Paper, Stack, Text, Title, Box } from '@mantine/core';
import type { TVerification } from '@rhema/schemas';
import { useMutation, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { IdentityProviderNotice } from '../../features/verification/IdentityProviderNotice';
import { VerifiedBadge } from '../../features/verification/VerifiedBadge';
import { formatDate } from '../../lib/dates';
import { AnchorLink } from '../../lib/links';
import { describeError } from '../../lib/forms';
import { useTrpc } from '../../lib/use-trpc';

// Identity verification (docs/decisions/171-identity-verification-provider.md): why, the provider's notice, the
// member's explicit consent to the biometric comparison, then the provider's own page; back here, the state.
export const Route = createFileRoute('/account/verification')({
  head: () => ({ meta: [{ title: 'Verify your identity · Rhema' }] }),
  loader: ({ context: { queryClient, trpc } }) => {
    void queryClient.prefetchQuery(trpc.verification.mine.queryOptions());
  },
  component: VerificationPage,
});

function StateText({ state }: { state: TVerification }) {
  switch (state.status) {
    case 'not_started':
      return <Text>You have not verified your identity yet.</Text>;
    case 'pending':
      return (
        <Text>
          Your check is in progress (started {formatDate(state.started_at ?? new Date())}). If you left the
          provider's page before finishing, start again below.
        </Text>
      );
    case 'verified':
      return (
        <Text>
          Your identity is verified{state.verified_at ? ` since ${formatDate(state.verified_at)}` : ''}.
          Members see the badge on your profile.
        </Text>
      );
    case 'declined':
      return (
        <Alert color="orange" title="The provider could not verify you" role="status">
          {state.reason ?? 'No reason was given.'} You can try again with a valid document.
        </Alert>
      );
    case 'expired':
      return (
        <Alert color="orange" title="Your check expired" role="status">
          The session ended before it was finished. You can start a new one.
        </Alert>
      );
    case 'revoked':
      return (
        <Alert color="orange" title="Your verification was withdrawn by our team" role="status">
          {state.reason ?? ''} You can verify again.
        </Alert>
      );
  }
}

function VerificationPage() {
  const trpc = useTrpc();
  const state = useQuery(trpc.verification.mine.queryOptions());
  const [consent, setConsent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = useMutation(
    trpc.verification.start.mutationOptions({
      meta: { showsOwnErrors: true },
      onSuccess: (started) => window.location.assign(started.url),
      onError: (e) => setError(describeError(e, []).message),
    }),
  );
  const data = state.data;
  return (
    <Container size="sm" py="xl">
      <Title order={1}>Verify your identity</Title>
      <Text c="dimmed" mt="xs" mb="lg">
        A verified badge tells other members and our consultants that you are who your profile says. Some
        private introductions are offered only to verified members.
      </Text>
      <Stack gap="lg">
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="verification-state">
          <Title order={2} fz="lg" id="verification-state" mb="xs">
            Your verification <VerifiedBadge verified={data?.status === 'verified'} />
          </Title>
          {data ? (
            <StateText state={data} />
          ) : state.isError ? (
            <Alert color="red" role="alert">
              {describeError(state.error, []).message}
            </Alert>
          ) : (
            <Loader aria-label="Loading your verification" />
          )}
        </Paper>
        {data && data.status !== 'verified' ? (
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="verification-notice">
            <Title order={2} fz="lg" id="verification-notice">
              Before you start
            </Title>
            <Box fz="sm">
              <IdentityProviderNotice />
            </Box>
            <Text fz="sm" mb="sm">
              The notice is part of our{' '}
              <AnchorLink to="/privacy" hash="identity-verification">
                privacy policy
              </AnchorLink>
              .
            </Text>
            <Checkbox
              checked={consent}
              onChange={(event) => setConsent(event.currentTarget.checked)}
              label="I agree that the provider compares my face with the photo on my document (biometric comparison)"
              mb="md"
            />
            {error ? (
              <Alert color="red" role="alert" mb="sm">
                {error}
              </Alert>
            ) : null}
            <Button disabled={!consent} loading={start.isPending} onClick={() => start.mutate({})}>
              {data.status === 'not_started' ? 'Start verification' : 'Start a new verification'}
            </Button>
          </Paper>
        ) : null}
      </Stack>
    </Container>
  );
}
