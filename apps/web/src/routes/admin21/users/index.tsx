import { Container, Loader, SimpleGrid, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { IntroductionCard } from '../../../features/admin/IntroductionCard';
import { Pager } from '../../../features/admin/Pager';
import { SuccessDialog } from '../../../features/admin/SuccessDialog';
import { pageParams } from '../../../features/admin/search-params';
import { trpc } from '../../../lib/trpc';

export const Route = createFileRoute('/admin21/users/')({
  // kept as it comes: read by pageParams in the console's chunk (the route tree is in every page's bundle)
  validateSearch: (search: Record<string, unknown>) => search,
  head: () => ({ meta: [{ title: 'Users · Management Console · Rhema' }] }),
  loaderDeps: ({ search }) => search,
  // the list before the page renders, so the server's render (decision 140) and the app's first one show it; the
  // query readers load with it, out of the route tree every public page loads
  loader: async ({ context: { queryClient, trpc: api }, deps }) => {
    const { pageParams: readPage } = await import('../../../features/admin/search-params');
    await queryClient.ensureQueryData(api.admin.introductions.queryOptions(readPage(deps)));
  },
  component: UsersPage,
});

/** The users list with introduction cards (spec section 2), newest first, paged. */
function UsersPage() {
  const search = pageParams(Route.useSearch());
  const navigate = Route.useNavigate();
  const [dialog, setDialog] = useState<string | null>(null);
  const list = useQuery(trpc.admin.introductions.queryOptions(search));
  const page = search.page ?? 1;
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Users</Title>
      {list.isFetching && !list.data ? <Loader aria-label="Loading" my="md" /> : null}
      {list.data ? (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt="lg">
            {list.data.data.map((introduction) => (
              <IntroductionCard key={introduction._id} introduction={introduction} onSuccess={setDialog} />
            ))}
          </SimpleGrid>
          <Pager
            paginator={list.data.paginator}
            onBack={() =>
              void navigate({
                search: { page: page - 1, before: list.data.paginator.prevCursor ?? undefined },
              })
            }
            onNext={() =>
              void navigate({
                search: { page: page + 1, after: list.data.paginator.nextCursor ?? undefined },
              })
            }
          />
        </>
      ) : null}
      <SuccessDialog message={dialog} onClose={() => setDialog(null)} />
    </Container>
  );
}
