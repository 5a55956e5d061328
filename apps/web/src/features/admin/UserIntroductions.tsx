import { Alert, Button, Card, Container, Loader, Stack, Text, Timeline, Title } from '@mantine/core';
import type { TAdminIntroduction } from '@rhema/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useConsoleTitle } from './console-title';
import { describeError } from '../../lib/forms';
import { AnchorLink } from '../../lib/links';
import { useTrpc } from '../../lib/use-trpc';
import { introductionState, orNotProvided } from './format';
import { formatDateTime } from '../../lib/dates';

const ACTIONS: Record<string, string> = {
  'introduction.register': 'Created',
  'introduction.activate': 'Activated',
  'introduction.deactivate': 'DeActivated',
  'introduction.note': 'Note changed',
  'introduction.suggestion': 'Code added',
  'introduction.match': 'Match set',
  'introduction.request_on_behalf': 'Request sent for a member',
};

const when = (iso: string) => formatDateTime(iso);

/** A member's introductions with their history (who did what, when): what a consultant reads before a call. */
export function UserIntroductions({ userId }: { userId: string }) {
  const trpc = useTrpc();
  const result = useQuery(trpc.admin.userIntroductions.queryOptions({ userId }));
  const name = result.data?.updated_user.first_name;
  useConsoleTitle(name ? `Introductions of ${name}` : 'Introductions');
  return (
    <Container size="lg" py="xl">
      {result.error ? (
        <Alert color="red" role="alert">
          {describeError(result.error, []).message}
        </Alert>
      ) : null}
      {!result.data ? (
        <Loader aria-label="Loading" />
      ) : (
        <>
          <Title order={1}>Introductions of {result.data.updated_user.first_name}</Title>
          <Text mt="xs">
            Phone: {orNotProvided(result.data.updated_user.phone)} · Email: {result.data.updated_user.email}
          </Text>
          <AnchorLink to="/admin21/users/$id" params={{ id: userId }}>
            Back to the user
          </AnchorLink>
          {result.data.data.length === 0 ? <Text mt="lg">No introductions yet.</Text> : null}
          <Stack gap="lg" mt="lg">
            {result.data.data.map(({ introduction, role, requests, history }) => (
              <Card
                key={introduction._id}
                withBorder
                component="article"
                aria-labelledby={`i-${introduction._id}`}
              >
                <Title order={2} size="h3" id={`i-${introduction._id}`}>
                  {role === 'owner' ? 'Their introduction' : `Introduced to ${introduction.user.first_name}`}:{' '}
                  {introductionState(introduction)}
                </Title>
                <Text size="sm">
                  Ages {introduction.min_age} to {introduction.max_age}; note:{' '}
                  {orNotProvided(introduction.note)}
                </Text>
                {introduction.contact ? (
                  <Text size="sm">
                    Contact: {introduction.contact.first_name}, {introduction.contact.age}
                  </Text>
                ) : null}
                {introduction.blocked ? (
                  // a block between owner and contact hides the introduction from both: the consultant is told
                  <Text size="sm" c="red.9" fw={700}>
                    Blocked: {introduction.user.first_name} and{' '}
                    {introduction.contact?.first_name ?? 'the contact'} have blocked each other; neither sees
                    this introduction.
                  </Text>
                ) : null}
                <Text size="sm">Requests: {requests.length}</Text>
                {role === 'owner' ? <ActivationSwitch introduction={introduction} /> : null}
                <Title order={3} size="h4" mt="sm">
                  History
                </Title>
                <Timeline bulletSize={12} lineWidth={2} mt="xs">
                  {/* introductions made before the audit log have no entry of their creation */}
                  {history.some((entry) => entry.action === 'introduction.register') ? null : (
                    <Timeline.Item title={`Created ${when(introduction.created_at)}`} />
                  )}
                  {history.map((entry) => (
                    <Timeline.Item
                      key={entry._id}
                      title={`${ACTIONS[entry.action] ?? entry.action} ${when(entry.at)}`}
                    >
                      <Text size="sm">
                        by{' '}
                        {entry.actor
                          ? `${entry.actor.first_name} (${entry.actor.role})`
                          : 'someone since erased'}
                      </Text>
                    </Timeline.Item>
                  ))}
                </Timeline>
              </Card>
            ))}
          </Stack>
        </>
      )}
    </Container>
  );
}

/** Switches the owner's introduction on or off from here too, so a consultant finishing a pairing stays on this page. */
function ActivationSwitch({ introduction }: { introduction: TAdminIntroduction }) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const settled = {
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() }),
  };
  const activate = useMutation(trpc.admin.activate.mutationOptions(settled));
  const deactivate = useMutation(trpc.admin.deactivate.mutationOptions(settled));
  const id = introduction._id;
  return introduction.is_active ? (
    <Button
      variant="default"
      size="xs"
      w="fit-content"
      loading={deactivate.isPending}
      onClick={() => deactivate.mutate({ id })}
    >
      DeActivate
    </Button>
  ) : (
    <Button size="xs" w="fit-content" loading={activate.isPending} onClick={() => activate.mutate({ id })}>
      Activate
    </Button>
  );
}
