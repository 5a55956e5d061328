import { Container, Title } from '@mantine/core';
import { COUNTRY_CODES, GENDERS, USER_STATUSES } from '@rhema/schemas';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import {
  isRunnable,
  SearchForm,
  SearchResults,
  type SearchQuery,
} from '../../../../features/admin/MemberSearch';
import { enumParam, flagParam, intParam, pageParams, textParam } from '../../../../lib/search-params';
import { trpc } from '../../../../lib/trpc';

/** The search's query string (spec section 2); anything unreadable reads as absent. */
function readSearch(search: Record<string, unknown>): SearchQuery {
  return {
    gender: enumParam(search.gender, GENDERS),
    min_age: intParam(search.min_age, 0, 200),
    max_age: intParam(search.max_age, 0, 200),
    first_name: textParam(search.first_name, 60),
    my_country_only: flagParam(search.my_country_only),
    country_code: enumParam(search.country_code, COUNTRY_CODES),
    phone: textParam(search.phone, 30),
    status: enumParam(search.status, USER_STATUSES),
    ...pageParams(search),
  };
}

export const Route = createFileRoute('/admin21/introductions/users/')({
  validateSearch: readSearch,
  head: () => ({ meta: [{ title: 'Rhema introductions · Management Console · Rhema' }] }),
  component: SearchPage,
});

/**
 * 'Rhema introductions' (spec section 2): the search form, driven by the URL. The search runs by itself when
 * min_age and max_age are in the URL (a reload gives the same results); closing the results clears the query.
 */
function SearchPage() {
  const query: SearchQuery = Route.useSearch();
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
          onSearch={(next) => void navigate({ search: next })}
        />
      )}
    </Container>
  );
}
