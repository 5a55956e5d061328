import { Container, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/tv')({
  component: RhemaTvPage,
});

function RhemaTvPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Rhema TV</Title>
    </Container>
  );
}
