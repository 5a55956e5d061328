import { Container, Loader, SimpleGrid, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { z } from 'zod';
import { IntroductionCard } from '../../../features/admin/IntroductionCard';
import { Pager } from '../../../features/admin/Pager';
import { SuccessDialog } from '../../../features/admin/SuccessDialog';
import { trpc } from '../../../lib/trpc';

const ZPageSearch = z.object({
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  after: z.string().max(400).optional().catch(undefined),
  before: z.string().max(400).optional().catch(undefined),
});

export const Route = createFileRoute('/admin21/users/')({
  validateSearch: ZPageSearch,
  head: () => ({ meta: [{ title: 'Users · Management Console · Rhema' }] }),
  component: UsersPage,
});

/** The users list with introduction cards (spec section 2), newest first, paged. */
function UsersPage() {
  const search = Route.useSearch();
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
