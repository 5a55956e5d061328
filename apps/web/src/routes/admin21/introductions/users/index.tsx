import { Container, Title } from '@mantine/core';
import type { TAdminSearch } from '@rhema/schemas';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { SearchForm, SearchResults } from '../../../../features/admin/MemberSearch';
import type { memberSearchQuery } from '../../../../features/admin/search';
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
  // kept as it comes (the route tree is in every page's bundle): the loader reads it
  validateSearch: (search: Record<string, unknown>) => search,
  head: () => ({ meta: [{ title: 'Rhema introductions · Management Console · Rhema' }] }),
  loaderDeps: ({ search }) => search,
  // the address is read by the search's schema here, in a module imported with `import()` (its zod schemas in the
  // route options would join every page's entry chunk), and handed to the page as the loader's data: the page
  // evaluates no schema (nor zod) as it loads (apps/web/vite-plugins.ts)
  loader: async ({ context: { queryClient, trpc }, deps }): Promise<ReturnType<typeof memberSearchQuery>> => {
    const { memberSearchQuery: read } = await import('../../../../features/admin/search');
    const reading = read(deps);
    const { query } = reading;
    if (runnable(query)) await forFirstScreen(() => queryClient.prefetchQuery(searchOptions(trpc, query)));
    return reading;
  },
  component: SearchPage,
});

/**
 * 'Rhema introductions': the search form, driven by the URL. The search runs by itself when
 * min_age and max_age are in the URL (a reload gives the same results); closing the results clears the query.
 */
function SearchPage() {
  const trpc = useTrpc();
  const search = Route.useSearch();
  const { values, query, error } = Route.useLoaderData();
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
