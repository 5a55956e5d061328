import { Container, Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { IntroductionCard } from '../../features/introductions/IntroductionCard';
import { ButtonLink } from '../../lib/links';

export const Route = createFileRoute('/account/introductions')({
  head: () => ({ meta: [{ title: 'My introductions · Rhema' }] }),
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(context.trpc.introductions.list.queryOptions()),
  component: IntroductionsPage,
});

function IntroductionsPage() {
  const { user, trpc } = Route.useRouteContext();
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
