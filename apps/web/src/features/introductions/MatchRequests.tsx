import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { TMatchRequestList } from '@rhema/schemas';
import { formatDate } from '../../lib/dates';
import { PersonSummary } from './PersonSummary';

const STATUS_COLOR = { open: 'orange', introduced: 'green', declined: 'gray' } as const;

/** The member's requests to the consultants ("Ask a consultant to introduce me") and where each stands. */
export function MatchRequests({ list }: { list: TMatchRequestList }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="match-requests-heading">
      <Title order={2} fz="h3" id="match-requests-heading">
        Your requests to our consultants
      </Title>
      <Text fz="sm" c="dimmed">
        You can ask for {list.quota.limit} introductions in any 24 hours; {list.quota.remaining} left now.
      </Text>
      {list.data.map((request) => (
        <Card
          key={request._id}
          withBorder
          padding="md"
          component="article"
          aria-label={`Your request to meet ${request.member.first_name}`}
        >
          <Stack gap="xs">
            <Group justify="space-between" align="flex-start">
              <PersonSummary person={request.member} />
              <Badge color={STATUS_COLOR[request.status]} variant="light" size="lg">
                {request.status_label}
              </Badge>
            </Group>
            <Text fz="sm">
              Asked on {formatDate(request.created_at)}
              {request.handled_at ? `, answered on ${formatDate(request.handled_at)}` : ''}.
            </Text>
            {request.status === 'open' ? (
              <Text fz="sm">A consultant will phone {request.member.first_name} on your behalf.</Text>
            ) : null}
            {request.status === 'introduced' ? (
              <Text fz="sm">
                Your introduction to {request.member.first_name} is ready: find it below, with what to do
                next.
              </Text>
            ) : null}
            {request.note ? (
              <Text fz="sm">
                <strong>Note from our consultants:</strong> {request.note}
              </Text>
            ) : null}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
