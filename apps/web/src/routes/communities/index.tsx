import { Alert, Badge, Card, Container, Group, Loader, SimpleGrid, Tabs, Text, Title } from '@mantine/core';
import { COMMUNITY_KIND_LABEL, COMMUNITY_KINDS, type TCommunity } from '@rhema/schemas';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { AnchorLink } from '../../lib/links';
import { describeError } from '../../lib/forms';
import { withMemberNav } from '../../features/members/MemberNav';
import { useTrpc } from '../../lib/use-trpc';
import { forFirstScreen } from '../../lib/first-screen';

type Kind = TCommunity['kind'];
// route options are in the entry chunk that every public page loads: no value imports from @rhema/schemas there
const SEARCH_KINDS: readonly Kind[] = ['interest', 'faith', 'professional'];

export const Route = createFileRoute('/communities/')({
  validateSearch: (search: Record<string, unknown>): { kind?: Kind } => ({
    kind: SEARCH_KINDS.find((k) => k === search.kind),
  }),
  head: () => ({ meta: [{ title: 'Communities · Rhema' }] }),
  loaderDeps: ({ search: { kind } }) => ({ kind }),
  loader: ({ context: { queryClient, trpc }, deps: { kind } }) =>
    forFirstScreen(() =>
      queryClient.prefetchQuery(trpc.communities.list.queryOptions(kind ? { kind } : undefined)),
    ),
  component: CommunitiesPage,
});

function CommunitiesPage() {
  const trpc = useTrpc();
  const { kind } = Route.useSearch();
  const navigate = Route.useNavigate();
  const list = useQuery(trpc.communities.list.queryOptions(kind ? { kind } : undefined));
  return withMemberNav(
    <Container size="lg" py="xl">
      <Title order={1}>Communities</Title>
      <Text c="dimmed" mt="xs" mb="lg">
        Interest, faith and professional groups. Join or leave at any time; the communities you join show on
        your profile.
      </Text>
      <Tabs
        value={kind ?? 'all'}
        onChange={(value) =>
          void navigate({ search: { kind: value === 'all' ? undefined : (value as Kind) } })
        }
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="all">All</Tabs.Tab>
          {COMMUNITY_KINDS.map((k) => (
            <Tabs.Tab key={k} value={k}>
              {COMMUNITY_KIND_LABEL[k]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {list.isError ? (
        <Alert color="red" role="alert">
          {describeError(list.error, []).message}
        </Alert>
      ) : list.data ? (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {list.data.map((community) => (
            <Card key={community.slug} withBorder padding="md" component="article">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <AnchorLink fw={700} fz="lg" to="/communities/$slug" params={{ slug: community.slug }}>
                  {community.name}
                </AnchorLink>
                {community.joined ? <Badge>Joined</Badge> : null}
              </Group>
              <Text fz="sm" c="dimmed" mt={4}>
                {COMMUNITY_KIND_LABEL[community.kind]} · {community.member_count}{' '}
                {community.member_count === 1 ? 'member' : 'members'}
              </Text>
              <Text fz="sm" mt="xs">
                {community.description}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      ) : (
        <Loader aria-label="Loading communities" />
      )}
    </Container>,
  );
}
