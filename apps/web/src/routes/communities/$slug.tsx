import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { COMMUNITY_KIND_LABEL } from '@rhema/schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ButtonLink } from '../../lib/links';
import { describeError } from '../../lib/forms';
import { MemberCard } from '../../features/members/MemberCard';
import { MembersNav } from '../../features/members/MembersNav';
import { Pager } from '../../features/members/Pager';

export const Route = createFileRoute('/communities/$slug')({
  validateSearch: (search: Record<string, unknown>): { page?: number } => {
    const page = Number(search.page);
    return { page: Number.isInteger(page) && page > 1 ? page : undefined };
  },
  head: () => ({ meta: [{ title: 'Community · Rhema' }] }),
  component: CommunityPage,
});

function CommunityPage() {
  const { trpc } = Route.useRouteContext();
  const { slug } = Route.useParams();
  const { page } = Route.useSearch();
  const navigate = Route.useNavigate();
  const queryClient = useQueryClient();
  const community = useQuery({
    ...trpc.communities.get.queryOptions({ slug, page: page ?? 1 }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.communities.pathKey() });
  const join = useMutation(
    trpc.communities.join.mutationOptions({ meta: { showsOwnErrors: true }, onSuccess: refresh }),
  );
  const leave = useMutation(
    trpc.communities.leave.mutationOptions({ meta: { showsOwnErrors: true }, onSuccess: refresh }),
  );
  const failed = community.error ?? join.error ?? leave.error;

  return (
    <Container size="lg" py="xl">
      <MembersNav />
      {failed ? (
        <Alert color="red" role="alert" mb="md">
          {describeError(failed, []).message}
        </Alert>
      ) : null}
      {community.data ? (
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <Stack gap={4}>
              <Title order={1}>{community.data.community.name}</Title>
              <Group gap="xs">
                <Badge variant="light">{COMMUNITY_KIND_LABEL[community.data.community.kind]}</Badge>
                <Text fz="sm" c="dimmed">
                  {community.data.community.member_count}{' '}
                  {community.data.community.member_count === 1 ? 'member' : 'members'}
                </Text>
              </Group>
            </Stack>
            {community.data.community.joined ? (
              <Button variant="default" loading={leave.isPending} onClick={() => leave.mutate({ slug })}>
                Leave community
              </Button>
            ) : (
              <Button loading={join.isPending} onClick={() => join.mutate({ slug })}>
                Join community
              </Button>
            )}
          </Group>
          <Text>{community.data.community.description}</Text>
          <Title order={2} fz="xl" mt="md">
            Members
          </Title>
          {community.data.members.data.length ? (
            <>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
                {community.data.members.data.map((member) => (
                  <MemberCard key={member._id} member={member} />
                ))}
              </SimpleGrid>
              <Pager
                paginator={community.data.members.paginator}
                onPage={(next) => void navigate({ search: { page: next } })}
              />
            </>
          ) : (
            <Text>No other members here yet.</Text>
          )}
          <ButtonLink to="/communities" variant="subtle" w="fit-content">
            All communities
          </ButtonLink>
        </Stack>
      ) : community.isPending ? (
        <Loader aria-label="Loading the community" />
      ) : null}
    </Container>
  );
}
