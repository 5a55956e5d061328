import {
  Alert,
  Badge,
  Blockquote,
  Button,
  Container,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Modal } from '../../components/overlays';
import { COMMUNITY_KIND_LABEL, isSpecialCategoryCommunity, SPECIAL_CATEGORY_CONSENT } from '@rhema/schemas';
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ButtonLink } from '../../lib/links';
import { describeError } from '../../lib/forms';
import { MemberCard } from '../../features/members/MemberCard';
import { Pager } from '../../components/Pager';
import { withMemberNav } from '../../features/members/MemberNav';
import { PageTitle } from '../../lib/page-title';
import { useTrpc } from '../../lib/use-trpc';
import { forFirstScreen } from '../../lib/first-screen';

export const Route = createFileRoute('/communities/$slug')({
  validateSearch: (search: Record<string, unknown>): { page?: number } => {
    const page = Number(search.page);
    return { page: Number.isInteger(page) && page > 1 ? page : undefined };
  },
  loaderDeps: ({ search: { page } }) => ({ page }),
  loader: ({ context: { queryClient, trpc }, params: { slug }, deps: { page } }) =>
    forFirstScreen(() =>
      queryClient.prefetchQuery(trpc.communities.get.queryOptions({ slug, page: page ?? 1 })),
    ),
  component: CommunityPage,
});

function CommunityPage() {
  const trpc = useTrpc();
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
    trpc.communities.join.mutationOptions({
      meta: { showsOwnErrors: true },
      onSuccess: () => {
        void refresh();
        // a join may have given the consent
        void queryClient.invalidateQueries({ queryKey: trpc.profile.specialConsent.queryKey() });
      },
    }),
  );
  const leave = useMutation(
    trpc.communities.leave.mutationOptions({ meta: { showsOwnErrors: true }, onSuccess: refresh }),
  );
  // a faith community shares the member's faith: without a standing consent the join button opens the consent
  // text, and agreeing joins (the server refuses a faith community's join without it)
  const special = community.data ? isSpecialCategoryCommunity(community.data.community.kind) : false;
  const consent = useQuery({
    ...trpc.profile.specialConsent.queryOptions(),
    enabled: special && community.data?.community.joined === false,
  });
  const [asking, setAsking] = useState(false);
  const onJoin = () => {
    if (special && !consent.data?.consented) setAsking(true);
    else join.mutate({ slug });
  };
  const failed = community.error ?? join.error ?? leave.error;

  return withMemberNav(
    <Container size="lg" py="xl">
      <PageTitle>{community.data?.community.name ?? 'Community'}</PageTitle>
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
              <Button loading={join.isPending || (special && consent.isPending)} onClick={onJoin}>
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
                {community.data.members.data.map((member, index) => (
                  <MemberCard key={member._id} member={member} index={index} />
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
      <Modal
        opened={asking}
        onClose={() => setAsking(false)}
        closeButtonProps={{ 'aria-label': 'Close' }}
        title="Joining shares your faith"
        centered
      >
        <Stack gap="md">
          <Text>
            Belonging to {community.data?.community.name ?? 'this community'} tells other members about your
            faith, which is special-category data. We show it only with your separate consent, which you can
            withdraw at any time on your profile page (you then leave faith communities).
          </Text>
          <Blockquote
            p="sm"
            color="plum"
            cite={`Consent text, version ${SPECIAL_CATEGORY_CONSENT.textVersion}`}
          >
            {SPECIAL_CATEGORY_CONSENT.text}
          </Blockquote>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)}>
              Not now
            </Button>
            <Button
              onClick={() => {
                setAsking(false);
                join.mutate({ slug, special_consent_text_version: SPECIAL_CATEGORY_CONSENT.textVersion });
              }}
            >
              I agree: give consent and join
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Container>,
  );
}
