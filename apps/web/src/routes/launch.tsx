import { Container, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/launch')({
  component: LaunchEventPage,
});

function LaunchEventPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Launch event</Title>
    </Container>
  );
}
