import { Button, Card, Container, List, SimpleGrid, Text, Title } from '@mantine/core';
import { SUPPORT_URL } from '@rhema/schemas';
import { createFileRoute } from '@tanstack/react-router';
import { AnchorLink } from '../lib/links';

export const Route = createFileRoute('/support')({
  head: () => ({
    meta: [
      { title: 'Contact and support · Rhema' },
      {
        name: 'description',
        content:
          'Contact the Rhema team for help with your account, verification, private matchmaking requests or safety concerns.',
      },
    ],
  }),
  component: SupportPage,
});

function SupportPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Please Contact us</Title>
      <Text size="lg" mt="sm" maw={640}>
        Our support team answers messages every day, usually within a few hours. Send us a direct message and
        tell us your first name and, if you have one, your match reference. Never send your password.
      </Text>
      <Button
        component="a"
        href={SUPPORT_URL}
        target="_blank"
        rel="noopener noreferrer"
        size="lg"
        mt="xl"
        aria-describedby="support-button-note"
      >
        Click here for support
      </Button>
      <Text id="support-button-note" size="sm" c="dimmed" mt="xs">
        Opens our Instagram page in a new tab, where you can message the team.
      </Text>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" mt={48}>
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} size="h4">
            We can help with
          </Title>
          <List mt="sm" spacing={6}>
            <List.Item>Signing in, passwords and your account settings</List.Item>
            <List.Item>Identity verification that did not go through</List.Item>
            <List.Item>A match reference that does not open</List.Item>
            <List.Item>Subscriptions, purchases and refunds</List.Item>
            <List.Item>Events, the training centre and the TV show</List.Item>
          </List>
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} size="h4">
            Before you write
          </Title>
          <Text mt="sm">
            Many answers are already in our{' '}
            <AnchorLink underline="always" to="/faq">
              frequently asked questions
            </AnchorLink>
            . To report a member, use the Report button on their profile in the app: it reaches our moderators
            fastest. Read how to stay safe in our{' '}
            <AnchorLink underline="always" to="/safety">
              safety guide
            </AnchorLink>
            .
          </Text>
          <Text mt="sm" fw={600}>
            If you are in danger, call the emergency services first (999 in the UK).
          </Text>
        </Card>
      </SimpleGrid>
    </Container>
  );
}
