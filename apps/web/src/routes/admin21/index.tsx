import { Button, Container, Group, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';

// The console's sections arrive with their own issues; until then these are plain links.
const SECTIONS = [
  { href: '/admin21/users', label: 'Users' },
  { href: '/admin21/introductions/users', label: 'Rhema introductions' },
  { href: '/admin21/requests', label: 'Requests' },
];

export const Route = createFileRoute('/admin21/')({
  head: () => ({ meta: [{ title: 'Management Console · Rhema' }] }),
  component: ConsolePage,
});

function ConsolePage() {
  const { user } = Route.useRouteContext();
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Management Console</Title>
      <Text c="dimmed" mt="xs">
        Signed in as {user.first_name} ({user.role}).
      </Text>
      <Group mt="xl">
        {SECTIONS.map((section) => (
          <Button key={section.href} component="a" href={section.href} variant="light">
            {section.label}
          </Button>
        ))}
      </Group>
    </Container>
  );
}
