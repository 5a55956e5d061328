import { Container, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/about')({
  component: AboutRhemaPage,
});

function AboutRhemaPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>About Rhema</Title>
    </Container>
  );
}
