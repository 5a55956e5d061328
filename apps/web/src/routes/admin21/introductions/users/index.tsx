import { Container, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import {
  isRunnable,
  readSearch,
  SearchForm,
  SearchResults,
  type SearchQuery,
} from '../../../../features/admin/MemberSearch';
import { trpc } from '../../../../lib/trpc';

export const Route = createFileRoute('/admin21/introductions/users/')({
  // kept as it comes: read by readSearch in the console's chunk (the route tree is in every page's bundle)
  validateSearch: (search: Record<string, unknown>) => search,
  head: () => ({ meta: [{ title: 'Rhema introductions · Management Console · Rhema' }] }),
  component: SearchPage,
});

/**
 * 'Rhema introductions' (spec section 2): the search form, driven by the URL. The search runs by itself when
 * min_age and max_age are in the URL (a reload gives the same results); closing the results clears the query.
 */
function SearchPage() {
  const query: SearchQuery = readSearch(Route.useSearch());
  const navigate = Route.useNavigate();
  const runnable = isRunnable(query);
  const results = useQuery({ ...trpc.admin.search.queryOptions(query), enabled: runnable, retry: false });
  const page = query.page ?? 1;
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Rhema introductions</Title>
      {runnable ? (
        <SearchResults
          page={results.data}
          isFetching={results.isFetching}
          error={results.error}
          onClose={() => void navigate({ search: {} })}
          onBack={() =>
            void navigate({
              search: {
                ...query,
                page: page - 1,
                after: undefined,
                before: results.data?.paginator.prevCursor ?? undefined,
              },
            })
          }
          onNext={() =>
            void navigate({
              search: {
                ...query,
                page: page + 1,
                before: undefined,
                after: results.data?.paginator.nextCursor ?? undefined,
              },
            })
          }
        />
      ) : (
        <SearchForm
          key={JSON.stringify(query)}
          query={query}
          onSearch={(next) => void navigate({ search: { ...next } })}
        />
      )}
    </Container>
  );
}
