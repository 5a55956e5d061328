import { Button, Container, Group, List, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';

export const Route = createFileRoute('/')({
  head: () => ({
    meta: [
      { title: 'Rhema · Singles and private matchmaking for African professionals' },
      {
        name: 'description',
        content:
          'Meet professional singles through interest, faith and professional communities, or let our consultants arrange a private introduction.',
      },
    ],
  }),
  component: HomePage,
});

function HomePage() {
  const { trpc } = Route.useRouteContext();
  const navigate = useNavigate();
  const [reference, setReference] = useState('');
  const points = useQuery(trpc.faqs.list.queryOptions({ faq_type: 'points' }));

  return (
    <Container size="lg" py="xl">
      <Title order={1}>Find someone serious about a lasting relationship</Title>
      <Text mt="md" size="lg" maw={680}>
        Rhema brings professional singles together through micro-communities and private introductions
        arranged by our matchmaking consultants.
      </Text>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          const value = reference.trim();
          if (value) void navigate({ to: '/private-match/$reference', params: { reference: value } });
        }}
      >
        <Group mt="xl" align="end" maw={520}>
          <TextInput
            label="Match reference"
            placeholder="e.g. 7KXQ2M"
            value={reference}
            onChange={(event) => setReference(event.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button type="submit">Search</Button>
        </Group>
      </form>
      {points.data?.length ? (
        <List mt="xl" spacing="sm">
          {points.data.map((point) => (
            <List.Item key={point._id}>
              <Text fw={700} span>
                {point.title}.
              </Text>{' '}
              {point.post}
            </List.Item>
          ))}
        </List>
      ) : null}
    </Container>
  );
}
