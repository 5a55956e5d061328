import { Container, Group, Loader, Text, Title } from '@mantine/core';
import { DEFAULT_SORT_DIRECTION, type TConsoleMembersRequest } from '@rhema/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Pager } from '../../../components/Pager';
import { FiltersRefused, MembersFilters, MembersTable } from '../../../features/admin/MembersTable';
import type { MembersTableReading } from '../../../features/admin/members-table-search';
import { useTrpc } from '../../../lib/use-trpc';

export const Route = createFileRoute('/admin21/users/')({
  // the table's filters, order and page live in the address, typed as the procedure's request and read by its zod
  // schema in a module of their own (features/admin/members-table-search.ts) that only the loader imports: zod in
  // the route tree would add ~30 KB to every public page's first JavaScript (the build's budget,
  // apps/web/vite-plugins.ts, refuses it), and in the page it would be evaluated as the page loads
  validateSearch: (search: Record<string, unknown>) => search as TConsoleMembersRequest,
  head: () => ({ meta: [{ title: 'Users · Management Console · Rhema' }] }),
  loaderDeps: ({ search }) => search,
  // the page before it renders, so the server's render (decision 140) and the app's first one show it; the reading
  // of the address is the loader's data, which the page hydrates with (the server made it for the first screen)
  loader: async ({ context: { queryClient, trpc }, deps }): Promise<MembersTableReading> => {
    const { membersTableQuery: read } = await import('../../../features/admin/members-table-search');
    const reading = read(deps);
    if (reading.query) await queryClient.ensureQueryData(trpc.admin.membersTable.queryOptions(reading.query));
    return reading;
  },
  component: UsersPage,
});

/** Every member, one row each, filtered and sorted by the address; keyset pages. */
function UsersPage() {
  const trpc = useTrpc();
  const { values, query, error } = Route.useLoaderData();
  const navigate = Route.useNavigate();
  const list = useQuery({
    ...trpc.admin.membersTable.queryOptions(query ?? {}),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
  const sort = values.sort ?? 'joined';
  const dir = values.dir ?? DEFAULT_SORT_DIRECTION[sort];
  return (
    <Container size="xl" py="md">
      <Group justify="space-between" align="baseline">
        <Title order={1} size="h2">
          Users
        </Title>
        {query && list.data ? (
          <Text size="sm" c="dimmed">
            {list.data.paginator.totalIsEstimate ? 'About ' : ''}
            {list.data.paginator.total} members
          </Text>
        ) : null}
      </Group>
      <MembersFilters
        key={JSON.stringify([
          values.status,
          values.gender,
          values.country_code,
          values.min_age,
          values.max_age,
        ])}
        values={values}
        onApply={(filters) => void navigate({ search: { sort: values.sort, dir: values.dir, ...filters } })}
      />
      {error ? <FiltersRefused message={error} /> : null}
      {query && list.isFetching && !list.data ? <Loader aria-label="Loading" my="md" /> : null}
      {query && list.data ? (
        <section aria-busy={list.isFetching}>
          {list.data.data.length ? (
            <MembersTable rows={list.data.data} sort={sort} dir={dir} />
          ) : (
            <Text mt="md">No member matches these filters.</Text>
          )}
          <Pager
            paginator={list.data.paginator}
            onPage={(page, position) => void navigate({ search: (prev) => ({ ...prev, page, ...position }) })}
          />
        </section>
      ) : null}
    </Container>
  );
}
