import { Card, List, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTrpc } from '../../lib/use-trpc';

/** The published selling points (FAQ type 'points'). Below the fold, so its code loads after the first paint. */
export default function HomePoints() {
  const trpc = useTrpc();
  const points = useQuery(trpc.faqs.list.queryOptions({ faq_type: 'points' }));
  if (!points.data?.length) return null;
  return (
    <Card withBorder radius="lg" padding="xl" mt="lg">
      <Title order={3} size="h4" mb="sm">
        What members value most
      </Title>
      <List spacing="sm">
        {points.data.map((point) => (
          <List.Item key={point._id}>
            <Text fw={700} span>
              {point.title}.
            </Text>{' '}
            {point.post}
          </List.Item>
        ))}
      </List>
    </Card>
  );
}
