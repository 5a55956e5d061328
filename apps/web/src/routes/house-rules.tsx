import { Container, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/house-rules')({
  component: HouseRulesPage,
});

function HouseRulesPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>House Rules</Title>
    </Container>
  );
}
