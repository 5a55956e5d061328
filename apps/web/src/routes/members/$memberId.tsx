import { Alert, Button, Container, Divider, Group, Loader, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ButtonLink } from '../../lib/links';
import { PageTitle } from '../../lib/page-title';
import { useState } from 'react';
import { describeError } from '../../lib/forms';
import { AskForIntroduction } from '../../features/members/AskForIntroduction';
import { BlockDialog } from '../../features/members/BlockDialog';
import { FriendButtons } from '../../features/members/FriendButtons';
import { MatchProfile } from '../../features/match/MatchProfile';
import { ReportDialog } from '../../features/members/ReportDialog';
import { withMemberNav } from '../../features/members/MemberNav';
import type { Trpc } from '../../lib/trpc';
import { useTrpc } from '../../lib/use-trpc';
import { forFirstScreen } from '../../lib/first-screen';

function memberQuery(trpc: Trpc, id: string) {
  return trpc.members.get.queryOptions({ id }, { meta: { showsOwnErrors: true }, retry: false });
}

export const Route = createFileRoute('/members/$memberId')({
  loader: ({ context: { queryClient, trpc }, params }) =>
    forFirstScreen(() =>
      Promise.all([
        queryClient.prefetchQuery(memberQuery(trpc, params.memberId)),
        // the member's own requests: whether one for this member is open (AskForIntroduction)
        queryClient.prefetchQuery(trpc.matchRequests.list.queryOptions()),
      ]),
    ),
  component: MemberPage,
});

function MemberPage() {
  const trpc = useTrpc();
  const { memberId } = Route.useParams();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'block' | 'report' | null>(null);
  const member = useQuery(memberQuery(trpc, memberId));
  const block = useMutation(
    trpc.safety.block.mutationOptions({
      meta: { showsOwnErrors: true },
      onSuccess: async () => {
        await queryClient.invalidateQueries();
        await navigate({ to: '/members' });
      },
    }),
  );

  return withMemberNav(
    <Container size="md" py="xl">
      <PageTitle>
        {member.data ? `${member.data.profile.first_name}, ${member.data.profile.age}` : 'Member profile'}
      </PageTitle>
      {member.isError ? (
        <Stack>
          <Alert color="red" role="alert" title="Not available">
            {describeError(member.error, []).message}
          </Alert>
          <ButtonLink to="/members" variant="default" w="fit-content">
            Back to the members list
          </ButtonLink>
        </Stack>
      ) : member.data ? (
        <Stack gap="lg">
          <MatchProfile profile={member.data.profile} nameLevel={1}>
            <Divider my="md" />
            <Stack gap="sm">
              {typeof member.data.profile.contact_reference === 'string' ? (
                <Text>
                  Handle: <strong>{member.data.profile.contact_reference}</strong>
                </Text>
              ) : null}
              <FriendButtons
                userId={member.data.profile._id}
                firstName={member.data.profile.first_name}
                state={member.data.relation.state}
                requestId={member.data.relation.request_id}
                canCall={member.data.relation.can_call}
              />
              <AskForIntroduction
                userId={member.data.profile._id}
                firstName={member.data.profile.first_name}
              />
              <Group gap="sm">
                <Button variant="default" size="xs" onClick={() => setDialog('report')}>
                  Report
                </Button>
                <Button variant="default" size="xs" onClick={() => setDialog('block')}>
                  Block
                </Button>
              </Group>
            </Stack>
          </MatchProfile>
          {block.isError ? (
            <Alert color="red" role="alert">
              {describeError(block.error, []).message}
            </Alert>
          ) : null}
          <ReportDialog
            userId={member.data.profile._id}
            firstName={member.data.profile.first_name}
            source="profile"
            opened={dialog === 'report'}
            onClose={() => setDialog(null)}
          />
          <BlockDialog
            firstName={member.data.profile.first_name}
            opened={dialog === 'block'}
            pending={block.isPending}
            onClose={() => setDialog(null)}
            onConfirm={() => block.mutate({ user_id: memberId })}
          />
        </Stack>
      ) : (
        <Loader aria-label="Loading the profile" />
      )}
    </Container>,
  );
}
