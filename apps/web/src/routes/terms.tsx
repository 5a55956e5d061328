import { Container, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/terms')({
  component: TermsOfServicePage,
});

function TermsOfServicePage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Terms of service</Title>
    </Container>
  );
}
