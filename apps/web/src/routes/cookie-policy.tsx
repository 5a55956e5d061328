import { Container, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/cookie-policy')({
  component: CookiePolicyPage,
});

function CookiePolicyPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Cookie Policy</Title>
    </Container>
  );
}
