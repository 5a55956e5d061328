import { Container, Group, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { ButtonLink } from '../../lib/links';

export const Route = createFileRoute('/admin21/')({
  head: () => ({ meta: [{ title: 'Management Console · Rhema' }] }),
  component: ConsolePage,
});

/** 'Management Console': the three sections of the consultants' work. */
function ConsolePage() {
  const { user } = Route.useRouteContext();
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Management Console</Title>
      <Text c="dimmed" mt="xs">
        Signed in as {user.first_name} ({user.role}).
      </Text>
      <Group mt="xl">
        <ButtonLink to="/admin21/users" variant="light">
          Users
        </ButtonLink>
        <ButtonLink to="/admin21/introductions/users" variant="light">
          Rhema introductions
        </ButtonLink>
        <ButtonLink to="/admin21/requests" variant="light">
          Requests
        </ButtonLink>
      </Group>
    </Container>
  );
}
