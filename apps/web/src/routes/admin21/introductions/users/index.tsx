import { Container, Title } from '@mantine/core';
import { COUNTRY_CODES, GENDERS, USER_STATUSES } from '@rhema/schemas';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import {
  isRunnable,
  SearchForm,
  SearchResults,
  type SearchQuery,
} from '../../../../features/admin/MemberSearch';
import { trpc } from '../../../../lib/trpc';

const ZUrlSearch = z.object({
  gender: z.enum(GENDERS).optional().catch(undefined),
  min_age: z.coerce.number().int().optional().catch(undefined),
  max_age: z.coerce.number().int().optional().catch(undefined),
  first_name: z.string().max(60).optional().catch(undefined),
  my_country_only: z.coerce.boolean().optional().catch(undefined),
  country_code: z.enum(COUNTRY_CODES).optional().catch(undefined),
  phone: z.string().max(30).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  status: z.enum(USER_STATUSES).optional().catch(undefined),
  after: z.string().max(400).optional().catch(undefined),
  before: z.string().max(400).optional().catch(undefined),
});

export const Route = createFileRoute('/admin21/introductions/users/')({
  validateSearch: ZUrlSearch,
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
