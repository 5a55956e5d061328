import { Alert, Button, Container, Group, Loader, Stack } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ButtonLink } from '../../lib/links';
import { useState } from 'react';
import { describeError } from '../../lib/forms';
import { BlockDialog } from '../../features/members/BlockDialog';
import { FriendButtons } from '../../features/members/FriendButtons';
import { MembersNav } from '../../features/members/MembersNav';
import { ProfileDetails } from '../../features/members/ProfileDetails';
import { ReportDialog } from '../../features/members/ReportDialog';

export const Route = createFileRoute('/members/$memberId')({
  head: () => ({ meta: [{ title: 'Member profile · Rhema' }] }),
  component: MemberPage,
});

function MemberPage() {
  const { trpc } = Route.useRouteContext();
  const { memberId } = Route.useParams();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'block' | 'report' | null>(null);
  const member = useQuery(
    trpc.members.get.queryOptions({ id: memberId }, { meta: { showsOwnErrors: true }, retry: false }),
  );
  const block = useMutation(
    trpc.safety.block.mutationOptions({
      meta: { showsOwnErrors: true },
      onSuccess: async () => {
        await queryClient.invalidateQueries();
        await navigate({ to: '/members' });
      },
    }),
  );

  return (
    <Container size="md" py="xl">
      <MembersNav />
      {member.isError ? (
        <Stack>
          <Alert color="red.9" role="alert" title="Not available">
            {describeError(member.error, []).message}
          </Alert>
          <ButtonLink to="/members" variant="default" w="fit-content">
            Back to the members list
          </ButtonLink>
        </Stack>
      ) : member.data ? (
        <Stack gap="lg">
          <ProfileDetails profile={member.data.profile} />
          <FriendButtons
            userId={member.data.profile._id}
            firstName={member.data.profile.first_name}
            state={member.data.relation.state}
            requestId={member.data.relation.request_id}
          />
          <Group gap="sm">
            <Button variant="default" onClick={() => setDialog('report')}>
              Report
            </Button>
            <Button variant="default" onClick={() => setDialog('block')}>
              Block
            </Button>
          </Group>
          {block.isError ? (
            <Alert color="red.9" role="alert">
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
    </Container>
  );
}
