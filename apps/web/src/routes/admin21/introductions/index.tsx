import { Container, Loader, SimpleGrid, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { Pager } from '../../../components/Pager';
import { IntroductionCard } from '../../../features/admin/IntroductionCard';
import { SuccessDialog } from '../../../features/admin/SuccessDialog';
import { pageQuery } from '../../../features/admin/search';
import { useTrpc } from '../../../lib/use-trpc';
import { forFirstScreen } from '../../../lib/first-screen';

export const Route = createFileRoute('/admin21/introductions/')({
  // kept as it comes, parsed by the list's schema in the page's own chunk (the route tree is in every page's bundle)
  validateSearch: (search: Record<string, unknown>) => search,
  head: () => ({ meta: [{ title: 'Introductions · Management Console · Rhema' }] }),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient, trpc }, deps }) =>
    forFirstScreen(async () => {
      // imported here, not above: its zod schemas in the route options would join every page's entry chunk
      const { pageQuery: read } = await import('../../../features/admin/search');
      await queryClient.prefetchQuery(trpc.admin.introductions.queryOptions(read(deps)));
    }),
  component: IntroductionsPage,
});

/**
 * Every introduction as a card (newest first, keyset pages): the stage and the switch, Activate /
 * DeActivate, the note with 'Update note', suggested members and 'Update Code'. The members themselves are the
 * Users table.
 */
function IntroductionsPage() {
  const trpc = useTrpc();
  const search = pageQuery(Route.useSearch());
  const navigate = Route.useNavigate();
  const [dialog, setDialog] = useState<string | null>(null);
  const list = useQuery({
    ...trpc.admin.introductions.queryOptions(search),
    placeholderData: keepPreviousData,
  });
  return (
    <Container size="lg" py="md">
      <Title order={1} size="h2">
        Introductions
      </Title>
      {list.isFetching && !list.data ? <Loader aria-label="Loading" my="md" /> : null}
      {list.data ? (
        list.data.data.length ? (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt="lg">
              {list.data.data.map((introduction) => (
                <IntroductionCard key={introduction._id} introduction={introduction} onSuccess={setDialog} />
              ))}
            </SimpleGrid>
            <Pager
              paginator={list.data.paginator}
              onPage={(page, position) => void navigate({ search: { page, ...position } })}
            />
          </>
        ) : (
          <Text mt="lg">No introductions yet.</Text>
        )
      ) : null}
      <SuccessDialog message={dialog} onClose={() => setDialog(null)} />
    </Container>
  );
}
