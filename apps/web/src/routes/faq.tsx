import { Container, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { FaqAccordion } from '../features/faq/FaqAccordion';
import { useTrpc } from '../lib/use-trpc';

export const Route = createFileRoute('/faq')({
  head: () => ({
    meta: [
      { title: 'Frequently asked questions · Rhema' },
      {
        name: 'description',
        content: 'Answers about private matchmaking, reference numbers, verification, safety and membership.',
      },
    ],
  }),
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(context.trpc.faqs.list.queryOptions({ faq_type: 'faqs' })),
  component: FaqPage,
});

function FaqPage() {
  const trpc = useTrpc();
  const { data } = useSuspenseQuery(trpc.faqs.list.queryOptions({ faq_type: 'faqs' }));
  return (
    <Container size="md" py="xl">
      <Title order={1} mb="xs">
        Frequently asked questions
      </Title>
      <Text c="dimmed" mb="xl">
        How private matchmaking, communities and your membership work.
      </Text>
      {data.length ? <FaqAccordion items={data} /> : <Text>No questions have been published yet.</Text>}
    </Container>
  );
}
