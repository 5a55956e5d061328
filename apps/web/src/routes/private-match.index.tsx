import { Container, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/private-match/')({
  component: PrivateMatchingPage,
});

function PrivateMatchingPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Private Matching</Title>
    </Container>
  );
}
