import { Container, Title } from '@mantine/core';
import type { TAdminSearch } from '@rhema/schemas';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { SearchForm, SearchResults } from '../../../../features/admin/MemberSearch';
import { memberSearchQuery } from '../../../../features/admin/search';
import type { Trpc } from '../../../../lib/trpc';
import { useTrpc } from '../../../../lib/use-trpc';
import { forFirstScreen } from '../../../../lib/first-screen';

// the page and its loader share these: the same cache entry, fetched under the same conditions
function runnable(query: TAdminSearch | null): query is TAdminSearch {
  return query !== null && query.min_age !== undefined && query.max_age !== undefined;
}

function searchOptions(trpc: Trpc, query: TAdminSearch) {
  return trpc.admin.search.queryOptions(query, { retry: false });
}

export const Route = createFileRoute('/admin21/introductions/users/')({
  // kept as it comes, parsed by the procedure's schema in the console's chunk (the route tree is in every page's
  // bundle)
  validateSearch: (search: Record<string, unknown>) => search,
  head: () => ({ meta: [{ title: 'Rhema introductions · Management Console · Rhema' }] }),
  loaderDeps: ({ search }) => search,
  // imported here, not above: its zod schemas in the route options would join every page's entry chunk
  loader: ({ context: { queryClient, trpc }, deps }) =>
    forFirstScreen(async () => {
      const { memberSearchQuery: read } = await import('../../../../features/admin/search');
      const { query } = read(deps);
      if (runnable(query)) await queryClient.prefetchQuery(searchOptions(trpc, query));
    }),
  component: SearchPage,
});

/**
 * 'Rhema introductions': the search form, driven by the URL. The search runs by itself when
 * min_age and max_age are in the URL (a reload gives the same results); closing the results clears the query.
 */
function SearchPage() {
  const trpc = useTrpc();
  const search = Route.useSearch();
  const { values, query, error } = memberSearchQuery(search);
  const navigate = Route.useNavigate();
  const results = useQuery({ ...searchOptions(trpc, query ?? {}), enabled: runnable(query) });
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Rhema introductions</Title>
      {runnable(query) ? (
        <SearchResults
          page={results.data}
          isFetching={results.isFetching}
          error={results.error}
          onClose={() => void navigate({ search: {} })}
          onPage={(page, position) => void navigate({ search: { ...search, page, ...position } })}
        />
      ) : (
        <SearchForm
          key={JSON.stringify(search)}
          values={values}
          addressError={error}
          onSearch={(next) => void navigate({ search: { ...next } })}
        />
      )}
    </Container>
  );
}
