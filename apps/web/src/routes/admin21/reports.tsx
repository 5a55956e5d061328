import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { REPORT_REASONS, REPORT_STATUSES, type TModerationReport } from '@rhema/schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { describeError } from '../../lib/forms';
import { Pager } from '../../components/Pager';
import { useTrpc } from '../../lib/use-trpc';
import { Moment } from '../../components/Moment';
import { StaticPart } from '../../lib/static-part';
import { forFirstScreen } from '../../lib/first-screen';
import { GrowingTextarea } from '../../components/GrowingTextarea';

type Status = (typeof REPORT_STATUSES)[number];
// route options are in the entry chunk: no value imports from @rhema/schemas there
const SEARCH_STATUSES: readonly Status[] = ['open', 'dismissed', 'suspended'];
const STATUS_LABEL: Record<Status, string> = {
  open: 'To review',
  dismissed: 'Dismissed',
  suspended: 'Suspended',
};
const REASON_LABEL = Object.fromEntries(REPORT_REASONS.map((r) => [r.value, r.label])) as Record<
  string,
  string
>;

export const Route = createFileRoute('/admin21/reports')({
  validateSearch: (search: Record<string, unknown>): { status?: Status; page?: number } => {
    const page = Number(search.page);
    return {
      status: SEARCH_STATUSES.find((s) => s === search.status),
      page: Number.isInteger(page) && page > 1 ? page : undefined,
    };
  },
  head: () => ({ meta: [{ title: 'Reports · Management Console' }] }),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient, trpc }, deps }) =>
    forFirstScreen(() => queryClient.prefetchQuery(trpc.moderation.list.queryOptions(listInput(deps)))),
  component: ReportsPage,
});

// the page and its loader read the same list (one cache entry)
function listInput({ status = 'open', page = 1 }: { status?: Status; page?: number }) {
  return { status, page };
}

function ReportsPage() {
  const trpc = useTrpc();
  const input = listInput(Route.useSearch());
  const { status } = input;
  const navigate = Route.useNavigate();
  const reports = useQuery({
    ...trpc.moderation.list.queryOptions(input),
    placeholderData: keepPreviousData,
  });
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Reports</Title>
      <Text c="dimmed" mt="xs" mb="lg">
        Reports members made from a profile or a message thread. Dismiss one with a note, or suspend the
        member with a reason: suspension signs them out everywhere. Every decision is audited.
      </Text>
      <Tabs
        value={status}
        onChange={(value) => void navigate({ search: { status: (value as Status) ?? 'open' } })}
      >
        <Tabs.List mb="lg">
          {REPORT_STATUSES.map((s) => (
            <Tabs.Tab key={s} value={s}>
              {STATUS_LABEL[s]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {reports.isError ? (
        <Alert color="red" role="alert">
          {describeError(reports.error, []).message}
        </Alert>
      ) : reports.data ? (
        reports.data.data.length ? (
          <Stack>
            {reports.data.data.map((report) => (
              <ReportCard key={report._id} report={report} />
            ))}
            <Pager
              paginator={reports.data.paginator}
              onPage={(next) => void navigate({ search: { status, page: next } })}
            />
          </Stack>
        ) : (
          <Text>No reports here.</Text>
        )
      ) : (
        <Loader aria-label="Loading reports" />
      )}
    </Container>
  );
}

function ReportCard({ report }: { report: TModerationReport }) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const options = {
    meta: { showsOwnErrors: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.moderation.pathKey() }),
        // the sidebar's number of open reports
        queryClient.invalidateQueries({ queryKey: trpc.admin.consoleCounts.queryKey() }),
      ]),
    onError: (e: unknown) => setError(describeError(e, []).message),
  };
  const dismiss = useMutation(trpc.moderation.dismiss.mutationOptions(options));
  const suspend = useMutation(trpc.moderation.suspend.mutationOptions(options));
  return (
    <Card
      withBorder
      padding="md"
      component="article"
      aria-label={`Report about ${report.reported.first_name}`}
    >
      {/* what the report says only shows: the server's markup is kept (lib/static-part.tsx) */}
      <StaticPart deps={[report]}>
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} fz="lg">
              {report.reported.first_name} {report.reported.last_name}
            </Title>
            <Text fz="sm">
              {report.reported.email} · account {report.reported.status} · {report.reported.report_count}{' '}
              {report.reported.report_count === 1 ? 'report' : 'reports'} in all
            </Text>
          </Stack>
          <Badge color="red.9">{REASON_LABEL[report.reason] ?? report.reason}</Badge>
        </Group>
        <Text mt="sm">{report.details || 'No details given.'}</Text>
        <Text fz="sm" c="dimmed" mt="xs">
          Reported by{' '}
          {report.reporter
            ? `${report.reporter.first_name} (${report.reporter.email})`
            : 'a deleted member (their account and data were erased)'}{' '}
          from a {report.source} on <Moment value={report.created_at} />
        </Text>
        {report.resolution ? (
          <Text fz="sm" mt="xs">
            <strong>Decision:</strong> {report.resolution}
          </Text>
        ) : null}
      </StaticPart>
      {error ? (
        <Alert color="red" role="alert" mt="sm">
          {error}
        </Alert>
      ) : null}
      {report.status === 'open' ? (
        <Stack gap="sm" mt="md">
          <Group align="flex-end" gap="sm">
            <GrowingTextarea
              label="Note (optional)"
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
              style={{ flex: 1 }}
              minRows={1}
            />
            <Button
              variant="default"
              loading={dismiss.isPending}
              onClick={() => dismiss.mutate({ report_id: report._id, note })}
            >
              Dismiss
            </Button>
          </Group>
          <Group align="flex-end" gap="sm">
            <GrowingTextarea
              label="Reason for the suspension"
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              style={{ flex: 1 }}
              minRows={1}
            />
            <Button
              color="red.9"
              loading={suspend.isPending}
              onClick={() => suspend.mutate({ report_id: report._id, reason })}
            >
              Suspend member
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Card>
  );
}
