import { Container, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/privacy')({
  component: PrivacyPolicyPage,
});

function PrivacyPolicyPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Privacy Policy</Title>
    </Container>
  );
}
