import { Container, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { SearchForm, SearchResults } from '../../../../features/admin/MemberSearch';
import { memberSearchQuery } from '../../../../features/admin/search';
import { useTrpc } from '../../../../lib/use-trpc';

export const Route = createFileRoute('/admin21/introductions/users/')({
  // kept as it comes, parsed by the procedure's schema in the console's chunk (the route tree is in every page's
  // bundle)
  validateSearch: (search: Record<string, unknown>) => search,
  head: () => ({ meta: [{ title: 'Rhema introductions · Management Console · Rhema' }] }),
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
  const runnable = query !== null && query.min_age !== undefined && query.max_age !== undefined;
  const results = useQuery({
    ...trpc.admin.search.queryOptions(query ?? {}),
    enabled: runnable,
    retry: false,
  });
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Rhema introductions</Title>
      {runnable ? (
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
