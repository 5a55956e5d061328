import { Container, Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { IntroductionCard } from '../../features/introductions/IntroductionCard';
import { MatchRequests } from '../../features/introductions/MatchRequests';
import { ButtonLink } from '../../lib/links';
import { useTrpc } from '../../lib/use-trpc';

export const Route = createFileRoute('/account/introductions')({
  head: () => ({ meta: [{ title: 'My introductions · Rhema' }] }),
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(context.trpc.introductions.list.queryOptions()),
  component: IntroductionsPage,
});

function IntroductionsPage() {
  const { user } = Route.useRouteContext();
  const trpc = useTrpc();
  const { data: introductions } = useSuspenseQuery(trpc.introductions.list.queryOptions());
  // the ones waiting for the member first
  const sorted = [...introductions].sort((a, b) => b.actions.length - a.actions.length);
  return (
    <Container size="md" py="xl">
      <Title order={1}>My introductions</Title>
      <Text mt="xs" mb="lg" c="dimmed">
        {user.first_name}, these are the introductions our consultants prepared for you and those addressed to
        you. Your phone number is shared only when both of you accept.
      </Text>
      <MyMatchRequests />
      {sorted.length ? (
        <Stack gap="lg">
          {sorted.map((introduction) => (
            <IntroductionCard key={introduction._id} introduction={introduction} userId={user._id} />
          ))}
        </Stack>
      ) : (
        <Text>
          You have no introductions yet. Our consultants will call you when they have someone for you.
        </Text>
      )}
      <ButtonLink to="/account" variant="default" mt="xl">
        Go to my account
      </ButtonLink>
    </Container>
  );
}

/**
 * The member's requests for an introduction, read after the page shows (the route's loader is in every page's entry
 * chunk: kept to the introductions). A part of its own: when the answer comes, only this part draws again, not the
 * page's cards (that redraw was a 400 ms task at 4x CPU, bench/results/2026-11-29-hydration-tasks.md).
 */
function MyMatchRequests() {
  const trpc = useTrpc();
  const requests = useQuery(trpc.matchRequests.list.queryOptions()).data;
  if (!requests?.data.length) return null;
  return (
    <Stack mb="xl">
      <MatchRequests list={requests} />
    </Stack>
  );
}
