import { Container, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/support')({
  component: ContactUsPage,
});

function ContactUsPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Contact us</Title>
    </Container>
  );
}
