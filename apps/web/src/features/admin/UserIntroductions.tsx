import { Alert, Card, Container, Loader, Stack, Text, Timeline, Title } from '@mantine/core';
import { introductionStatusLabel } from '@rhema/schemas';
import { useQuery } from '@tanstack/react-query';
import { describeError } from '../../lib/forms';
import { AnchorLink } from '../../lib/links';
import { trpc } from '../../lib/trpc';
import { orNotProvided } from './format';
import { formatDate } from '../../lib/dates';

const ACTIONS: Record<string, string> = {
  'introduction.register': 'Created',
  'introduction.activate': 'Activated',
  'introduction.deactivate': 'DeActivated',
  'introduction.note': 'Note changed',
  'introduction.suggestion': 'Code added',
  'introduction.request_on_behalf': 'Request sent for a member',
};

const when = (iso: string) => formatDate(iso, 'mediumWithTime');

/** A member's introductions with their history (who did what, when): what a consultant reads before a call. */
export function UserIntroductions({ userId }: { userId: string }) {
  const result = useQuery(trpc.admin.userIntroductions.queryOptions({ userId }));
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
                  {introductionStatusLabel(introduction.status)}
                  {introduction.is_active ? ' (ACTIVE)' : ''}
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
                <Text size="sm">Requests: {requests.length}</Text>
                <Title order={3} size="h4" mt="sm">
                  History
                </Title>
                <Timeline bulletSize={12} lineWidth={2} mt="xs">
                  <Timeline.Item title={`Created ${when(introduction.created_at)}`} />
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
