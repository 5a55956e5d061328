import { Container, Loader, SimpleGrid, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { Pager } from '../../../components/Pager';
import { IntroductionCard } from '../../../features/admin/IntroductionCard';
import { SuccessDialog } from '../../../features/admin/SuccessDialog';
import type { pageQuery } from '../../../features/admin/search';
import { useTrpc } from '../../../lib/use-trpc';
import { forFirstScreen } from '../../../lib/first-screen';

export const Route = createFileRoute('/admin21/introductions/')({
  // kept as it comes (the route tree is in every page's bundle): the loader reads it
  validateSearch: (search: Record<string, unknown>) => search,
  head: () => ({ meta: [{ title: 'Introductions · Management Console · Rhema' }] }),
  loaderDeps: ({ search }) => search,
  // the list's page is read by its schema here, in a module imported with `import()` (its zod schemas in the route
  // options would join every page's entry chunk), and handed to the page as the loader's data: the page evaluates
  // no schema (nor zod) as it loads (apps/web/vite-plugins.ts)
  loader: async ({ context: { queryClient, trpc }, deps }): Promise<ReturnType<typeof pageQuery>> => {
    const { pageQuery: read } = await import('../../../features/admin/search');
    const search = read(deps);
    await forFirstScreen(() => queryClient.prefetchQuery(trpc.admin.introductions.queryOptions(search)));
    return search;
  },
  component: IntroductionsPage,
});

/**
 * Every introduction as a card (newest first, keyset pages): the stage and the switch, Activate /
 * DeActivate, the note with 'Update note', suggested members and 'Update Code'. The members themselves are the
 * Users table.
 */
function IntroductionsPage() {
  const trpc = useTrpc();
  const search = Route.useLoaderData();
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
