import { Alert, Container, Loader, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Onboarding } from '../../features/account/Onboarding';
import { describeError } from '../../lib/forms';
import { useTrpc } from '../../lib/use-trpc';

/** The onboarding after sign-up, resumed at the step saved on the server. */
export const Route = createFileRoute('/account/welcome')({
  head: () => ({ meta: [{ title: 'Set up your profile · Rhema' }] }),
  loader: async ({ context: { queryClient, trpc } }) => {
    void queryClient.prefetchQuery(trpc.profile.photos.queryOptions());
    await queryClient.prefetchQuery({ ...trpc.profile.onboarding.queryOptions(), staleTime: 0 });
  },
  component: WelcomePage,
});

function WelcomePage() {
  const { user } = Route.useRouteContext();
  const trpc = useTrpc();
  const state = useQuery(trpc.profile.onboarding.queryOptions());
  return (
    <Container size="md" py="xl">
      <Title order={1}>Welcome to Rhema, {user.first_name}</Title>
      <Text c="dimmed" mt="xs" mb="lg">
        A few steps to a profile members want to read. Skip any of them and come back later from your account.
      </Text>
      {state.data ? (
        <Onboarding startAt={state.data.step} />
      ) : state.isError ? (
        <Alert color="red" role="alert">
          {describeError(state.error, []).message}
        </Alert>
      ) : (
        <Loader aria-label="Loading" />
      )}
    </Container>
  );
}
