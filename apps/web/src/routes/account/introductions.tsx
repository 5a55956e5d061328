import { Button, Container, Text, Title } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';

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
      <Button component={Link} to="/account" variant="default" mt="xl">
        Go to my account
      </Button>
    </Container>
  );
}
