import { Container, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/private-match/$reference')({
  component: PrivateMatchRequestPage,
});

function PrivateMatchRequestPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Private match request</Title>
    </Container>
  );
}
