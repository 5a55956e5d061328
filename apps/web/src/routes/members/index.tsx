import {
  Alert,
  Button,
  Container,
  Group,
  Loader,
  NumberInput,
  Select,
  SimpleGrid,
  Text,
  Title,
} from '@mantine/core';
import { COUNTRIES, MEMBERS_AGE_DEFAULTS, type CountryCode, type Gender } from '@rhema/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { describeError } from '../../lib/forms';
import { MemberCard } from '../../features/members/MemberCard';
import { MembersNav } from '../../features/members/MembersNav';
import { Pager } from '../../features/members/Pager';

interface Search {
  community?: string;
  country_code?: CountryCode;
  gender?: Gender;
  min_age?: number;
  max_age?: number;
  page?: number;
}

const int = (value: unknown) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};
// route options are in the entry chunk that every public page loads: no value imports from @rhema/schemas here
const SEARCH_GENDERS: readonly Gender[] = ['male', 'female'];
const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

export const Route = createFileRoute('/members/')({
  validateSearch: (search: Record<string, unknown>): Search => ({
    community: text(search.community),
    country_code: text(search.country_code) as Search['country_code'],
    gender: SEARCH_GENDERS.find((g) => g === search.gender),
    min_age: int(search.min_age),
    max_age: int(search.max_age),
    page: int(search.page),
  }),
  head: () => ({ meta: [{ title: 'Members · Rhema' }] }),
  component: MembersPage,
});

function MembersPage() {
  const { trpc } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const [draft, setDraft] = useState(search);
  const communities = useQuery(trpc.communities.list.queryOptions());
  const members = useQuery({
    ...trpc.members.list.queryOptions({ ...search, page: search.page ?? 1 }),
    placeholderData: keepPreviousData,
  });
  const apply = (next: Search) => void navigate({ search: { ...next, page: undefined } });

  return (
    <Container size="lg" py="xl">
      <MembersNav />
      <Title order={1}>Members</Title>
      <Text c="dimmed" mt="xs" mb="lg">
        Choose a person in the members list: send a friend request, and once you have both accepted, message
        each other.
      </Text>
      <form
        aria-label="Filter members"
        onSubmit={(event) => {
          event.preventDefault();
          apply(draft);
        }}
      >
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
          <Select
            label="Community"
            placeholder="Any community"
            clearable
            data={(communities.data ?? []).map((c) => ({ value: c.slug, label: c.name }))}
            value={draft.community ?? null}
            onChange={(value) => setDraft({ ...draft, community: value ?? undefined })}
          />
          <Select
            label="Country"
            placeholder="Any country"
            clearable
            data={COUNTRIES.map((c) => ({ value: c.code, label: c.name }))}
            value={draft.country_code ?? null}
            onChange={(value) =>
              setDraft({ ...draft, country_code: (value ?? undefined) as Search['country_code'] })
            }
          />
          <Select
            label="Gender"
            placeholder="Any"
            clearable
            data={[
              { value: 'female', label: 'Women' },
              { value: 'male', label: 'Men' },
            ]}
            value={draft.gender ?? null}
            onChange={(value) => setDraft({ ...draft, gender: (value ?? undefined) as Search['gender'] })}
          />
          <NumberInput
            label="Minimum age"
            min={18}
            max={120}
            placeholder={String(MEMBERS_AGE_DEFAULTS.min)}
            value={draft.min_age ?? ''}
            onChange={(value) =>
              setDraft({ ...draft, min_age: typeof value === 'number' ? value : undefined })
            }
          />
          <NumberInput
            label="Maximum age"
            min={18}
            max={120}
            placeholder={String(MEMBERS_AGE_DEFAULTS.max)}
            value={draft.max_age ?? ''}
            onChange={(value) =>
              setDraft({ ...draft, max_age: typeof value === 'number' ? value : undefined })
            }
          />
        </SimpleGrid>
        <Group mt="sm">
          <Button type="submit">Show members</Button>
          <Button
            variant="default"
            onClick={() => {
              setDraft({});
              apply({});
            }}
          >
            Clear filters
          </Button>
        </Group>
      </form>

      <section aria-label="Members found" aria-busy={members.isFetching}>
        {members.isError ? (
          <Alert color="red" role="alert" mt="lg">
            {describeError(members.error, []).message}
          </Alert>
        ) : members.data ? (
          members.data.data.length ? (
            <>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="lg">
                {members.data.data.map((member) => (
                  <MemberCard key={member._id} member={member} />
                ))}
              </SimpleGrid>
              <Pager
                paginator={members.data.paginator}
                onPage={(page) => void navigate({ search: { ...search, page } })}
              />
            </>
          ) : (
            <Text mt="lg">
              No members match these filters yet. Try a wider age range or another community.
            </Text>
          )
        ) : (
          <Loader mt="lg" aria-label="Loading members" />
        )}
      </section>
    </Container>
  );
}
