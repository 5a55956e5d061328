import { Container, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/safety')({
  component: SafetyPage,
});

function SafetyPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Safety</Title>
    </Container>
  );
}
