import {
  Alert,
  Badge,
  Button,
  CloseButton,
  Container,
  Group,
  Loader,
  SimpleGrid,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { COUNTRY_NAME, type TMemberSearchPreferences } from '@rhema/schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { use, useEffect, useState } from 'react';
import { describeError, useSchemaForm } from '../../lib/forms';
import { AskForIntroduction } from '../../features/members/AskForIntroduction';
import { MemberCard } from '../../features/members/MemberCard';
import { MemberFilters } from '../../features/members/MemberFilters';
import { Pager } from '../../components/Pager';
import {
  FILTER_KEYS,
  filtersOf,
  hasFilters,
  membersSearchSchemas,
  membersSearchSchemasIfLoaded,
  type MembersSearch,
} from '../../features/members/members-search';
import { withMemberNav } from '../../features/members/MemberNav';
import { useTrpc } from '../../lib/use-trpc';
import { forFirstScreen } from '../../lib/first-screen';

// Route options are in the entry chunk every public page loads (apps/web/vite-plugins.ts budget): zod and the
// schemas stay out of it, so the address is only read as text here and parsed with the list's schema
// (parseMembersSearch) by the loader, which loads it on its own. The page takes the loader's reading on its first
// screen (the server's), so it evaluates no schema as it hydrates (useMembersSearch).
type RawSearch = Record<string, string | number | boolean | undefined>;

/** What the loader read from the address for the first screen: the address, and the search the schema made of it. */
interface FirstScreenSearch {
  raw: RawSearch;
  search: MembersSearch;
}

const membersListInput = (search: MembersSearch) => ({ ...search, page: search.page ?? 1 });

export const Route = createFileRoute('/members/')({
  validateSearch: (search: Record<string, unknown>) => search as RawSearch,
  head: () => ({ meta: [{ title: 'Members · Rhema' }] }),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient, trpc }, deps }) =>
    forFirstScreen(async (): Promise<FirstScreenSearch> => {
      const helpers = await membersSearchSchemas();
      const search = helpers.parseMembersSearch(deps);
      const firstScreen = { raw: deps, search };
      const preferences = queryClient.prefetchQuery(trpc.members.preferences.queryOptions());
      // an address without filters opens with the member's saved ones, if any (the page replaces the address): the
      // list it reads is then the next address's
      if (!hasFilters(search)) {
        await preferences;
        const saved = queryClient.getQueryData(trpc.members.preferences.queryKey());
        if (saved && hasFilters(filtersOf(saved))) return firstScreen;
      }
      await Promise.all([
        preferences,
        queryClient.prefetchQuery(trpc.members.list.queryOptions(membersListInput(search))),
        // the filters' communities, and the member's own requests (a card's AskForIntroduction)
        queryClient.prefetchQuery(trpc.communities.list.queryOptions()),
        queryClient.prefetchQuery(trpc.matchRequests.list.queryOptions()),
      ]);
      return firstScreen;
    }),
  component: MembersPage,
});

const sameSearch = (a: RawSearch, b: RawSearch) =>
  Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((key) => a[key] === b[key]);

/**
 * The address's search as the list's schema reads it: on the first screen the loader's (the server parsed it),
 * after a move inside the app parsed here with the schemas' module, which the move's loader started importing.
 */
function useMembersSearch(): MembersSearch {
  const raw = Route.useSearch();
  const firstScreen = Route.useLoaderData();
  if (firstScreen && sameSearch(firstScreen.raw, raw)) return firstScreen.search;
  return (membersSearchSchemasIfLoaded() ?? use(membersSearchSchemas())).parseMembersSearch(raw);
}

/** The name box's schema, imported at its first focus or submit. */
const loadNameSchema = () => membersSearchSchemas().then((schemas) => schemas.ZMemberNameSearch);

/** The filters in force as a short line: "Ghana · Women · 28–40 · Tech & Product People · Verified". */
function describeFilters(filters: TMemberSearchPreferences, communityName: (slug: string) => string) {
  const parts: string[] = [];
  if (filters.country_code) parts.push(COUNTRY_NAME[filters.country_code] ?? filters.country_code);
  if (filters.gender) parts.push(filters.gender === 'female' ? 'Women' : 'Men');
  if (filters.min_age !== undefined || filters.max_age !== undefined)
    parts.push(
      filters.max_age === undefined ? `${filters.min_age}+` : `${filters.min_age ?? 18}–${filters.max_age}`,
    );
  if (filters.community) parts.push(communityName(filters.community));
  if (filters.verified_only) parts.push('Verified');
  return parts.join(' · ');
}

function MembersPage() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const search = useMembersSearch();
  const navigate = Route.useNavigate();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filters = filtersOf(search);
  const communities = useQuery(trpc.communities.list.queryOptions());
  // a visit without filters in the address opens with the member's saved ones (a name search is a one-off)
  const saved = useQuery(trpc.members.preferences.queryOptions());
  const savedFilters = saved.data ? filtersOf(saved.data) : {};
  const openWithSaved = !hasFilters(search) && hasFilters(savedFilters);
  useEffect(() => {
    if (openWithSaved) void navigate({ search: { ...search, ...savedFilters }, replace: true });
  });
  const members = useQuery({
    ...trpc.members.list.queryOptions(membersListInput(search)),
    placeholderData: keepPreviousData,
    enabled: !saved.isPending && !openWithSaved,
  });
  const save = useMutation(
    trpc.members.savePreferences.mutationOptions({
      meta: { showsOwnErrors: true },
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.members.preferences.queryKey(), saved);
        setFiltersOpen(false);
        void navigate({ search: { ...filtersOf(saved), name: search.name } });
      },
    }),
  );
  const nameForm = useSchemaForm({ initialValues: { name: search.name ?? '' }, loadSchema: loadNameSchema });
  const searchByName = (name: string) =>
    void navigate({ search: { ...search, name: name.trim() || undefined, page: undefined } });
  const communityName = (slug: string) => communities.data?.find((c) => c.slug === slug)?.name ?? slug;
  const summary = describeFilters(filters, communityName);
  const filterCount = FILTER_KEYS.filter((key) => filters[key] !== undefined).length;

  return withMemberNav(
    <Container size="lg" py="lg">
      <Title order={1}>Members</Title>
      <Text c="dimmed" mt={4} mb="sm" size="sm">
        Send a friend request and, once you have both accepted, message each other; or ask a consultant to
        introduce you.
      </Text>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <form
          role="search"
          aria-label="Search members by name"
          style={{ flex: 1, minWidth: 0 }}
          onSubmit={nameForm.onSubmit(({ name }) => searchByName(name))}
          onFocus={nameForm.preloadSchema}
        >
          <TextInput
            label="Name"
            placeholder="Search by first name"
            type="search"
            enterKeyHint="search"
            {...nameForm.form.getInputProps('name')}
            rightSection={
              search.name ? (
                <CloseButton
                  aria-label="Clear the name search"
                  onClick={() => {
                    nameForm.form.setFieldValue('name', '');
                    searchByName('');
                  }}
                />
              ) : null
            }
          />
        </form>
        <Button
          variant={filterCount ? 'light' : 'default'}
          onClick={() => setFiltersOpen(true)}
          aria-haspopup="dialog"
          rightSection={
            filterCount ? (
              <Badge size="sm" circle aria-hidden="true">
                {filterCount}
              </Badge>
            ) : null
          }
          aria-label={filterCount ? `Filters (${filterCount} on)` : 'Filters'}
        >
          Filters
        </Button>
      </Group>
      {summary ? (
        <Text size="sm" mt={6} truncate data-testid="filters-in-force">
          Showing: {summary}
        </Text>
      ) : null}
      <MemberFilters
        opened={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        filters={filters}
        communities={communities.data ?? []}
        onApply={(next) => save.mutate(next)}
        saving={save.isPending}
        saveError={save.isError ? describeError(save.error, []).message : null}
      />

      <section aria-label="Members found" aria-busy={members.isFetching}>
        {members.isError ? (
          <Alert color="red" role="alert" mt="md">
            {describeError(members.error, []).message}
          </Alert>
        ) : members.data ? (
          members.data.data.length ? (
            <>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} mt="md">
                {members.data.data.map((member, index) => (
                  <MemberCard key={member._id} member={member} index={index}>
                    <AskForIntroduction userId={member._id} firstName={member.first_name} compact />
                  </MemberCard>
                ))}
              </SimpleGrid>
              <Pager
                paginator={members.data.paginator}
                onPage={(page) => void navigate({ search: { ...search, page } })}
              />
            </>
          ) : (
            <Text mt="md">
              {search.name
                ? `No member called “${search.name}” matches these filters.`
                : 'No members match these filters yet. Try a wider age range or another community.'}
            </Text>
          )
        ) : (
          <Loader mt="md" aria-label="Loading members" />
        )}
      </section>
    </Container>,
  );
}
