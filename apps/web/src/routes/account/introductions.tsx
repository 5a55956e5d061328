import { Container, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { ButtonLink } from '../../lib/links';

export const Route = createFileRoute('/account/introductions')({
  head: () => ({ meta: [{ title: 'My introductions · Rhema' }] }),
  component: IntroductionsPage,
});

function IntroductionsPage() {
  const { user } = Route.useRouteContext();
  return (
    <Container size="md" py="xl">
      <Title order={1}>My introductions</Title>
      <Text mt="md">
        {user.first_name}, our consultants have prepared introductions for you. They will call you to talk
        them through; requests and answers appear here.
      </Text>
      <ButtonLink to="/account" variant="default" mt="xl">
        Go to my account
      </ButtonLink>
    </Container>
  );
}
