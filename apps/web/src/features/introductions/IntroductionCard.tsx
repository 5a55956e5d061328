import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { TIntroduction } from '@rhema/schemas';
import { ButtonLink } from '../../lib/links';
import { callPageHref } from '../calls/links';
import { IntroductionActions } from './IntroductionActions';
import { PersonSummary } from './PersonSummary';
import { formatDate } from '../../lib/dates';

const STATUS_COLOR = { open: 'plum', requested: 'orange', accepted: 'green', rejected: 'gray' } as const;

function when(iso: string | null) {
  return iso ? formatDate(iso) : null;
}

/** One introduction as its member sees it: the other person, its state, the messages, premium, what to do next. */
export function IntroductionCard({ introduction, userId }: { introduction: TIntroduction; userId: string }) {
  const other = introduction.role === 'owner' ? introduction.contact : introduction.user;
  const headingId = `introduction-${introduction._id}`;
  return (
    <Card withBorder padding="lg" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Title order={2} fz="h4" id={headingId}>
            {introduction.role === 'owner'
              ? other
                ? `Your introduction to ${other.first_name}`
                : 'Your introduction (a match is being chosen)'
              : `${other?.first_name ?? 'A member'} would like to meet you`}
          </Title>
          <Badge color={STATUS_COLOR[introduction.status]} variant="light" size="lg">
            {introduction.status_label}
          </Badge>
        </Group>
        {other ? <PersonSummary person={other} /> : null}
        {introduction.details && introduction.role === 'owner' ? (
          <Text fz="sm">
            <strong>What you are looking for:</strong> {introduction.details}
          </Text>
        ) : null}
        {introduction.request_message ? (
          <Text fz="sm">
            <strong>Request message</strong>
            {when(introduction.requested_at) ? ` (${when(introduction.requested_at)})` : ''}:{' '}
            {introduction.request_message}
          </Text>
        ) : null}
        {introduction.response_message ? (
          <Text fz="sm">
            <strong>Answer</strong>
            {when(introduction.responded_at) ? ` (${when(introduction.responded_at)})` : ''}:{' '}
            {introduction.response_message}
          </Text>
        ) : null}
        {introduction.status === 'accepted' ? (
          <Group gap="sm">
            <Text fz="sm" fw={600}>
              You have both accepted: you can now see each other’s phone number and message each other.
            </Text>
            {other ? (
              <ButtonLink
                size="compact-md"
                to="/account/messages/$userId"
                params={{ userId: other._id }}
                aria-label={`Message ${other.first_name}`}
              >
                Message
              </ButtonLink>
            ) : null}
            {other ? (
              <Button
                component="a"
                size="compact-md"
                variant="default"
                href={callPageHref(other._id)}
                aria-label={`Video call with ${other.first_name}`}
              >
                Video call
              </Button>
            ) : null}
          </Group>
        ) : null}
        {introduction.role === 'owner' && introduction.status === 'open' ? (
          <Group gap="xs">
            <Text fz="sm">
              <strong>Premium for this introduction:</strong>{' '}
              {introduction.premium === 'active'
                ? 'active'
                : introduction.premium === 'pending'
                  ? 'waiting for payment'
                  : 'none (needed to request it)'}
            </Text>
            {introduction.subscription_id && introduction.premium !== 'active' ? (
              <ButtonLink
                size="compact-sm"
                variant="light"
                to="/account/user/$userId/match/$matchId/sub/$subscriptionId/premium"
                params={{
                  userId,
                  matchId: introduction._id,
                  subscriptionId: introduction.subscription_id,
                }}
              >
                How to pay
              </ButtonLink>
            ) : null}
          </Group>
        ) : null}
        <IntroductionActions introduction={introduction} />
      </Stack>
    </Card>
  );
}
