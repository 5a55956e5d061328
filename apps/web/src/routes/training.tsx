import { Container, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/training')({
  component: TrainingAndSupportPage,
});

function TrainingAndSupportPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Training and support</Title>
    </Container>
  );
}
