import { Alert, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { NotificationList } from '../../features/notifications/NotificationList';
import { describeError } from '../../lib/forms';
import { forFirstScreen } from '../../lib/first-screen';
import { AnchorLink } from '../../lib/links';
import { useTrpc } from '../../lib/use-trpc';

/** `cursor`: the page after the one that ended there (keyset paging, docs/notifications.md). */
type Search = { cursor?: string };

export const Route = createFileRoute('/account/notifications/')({
  head: () => ({ meta: [{ title: 'Notifications · Rhema' }] }),
  validateSearch: (search: Record<string, unknown>): Search =>
    typeof search.cursor === 'string' && /^[1-9][0-9]{0,18}$/.test(search.cursor)
      ? { cursor: search.cursor }
      : {},
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient, trpc }, deps }) =>
    forFirstScreen(() => queryClient.prefetchQuery(trpc.notifications.list.queryOptions(deps))),
  component: NotificationsPage,
});

/** The notification centre: newest first, each linking to its page; one or all marked read. */
function NotificationsPage() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const search = Route.useSearch();
  const page = useQuery(trpc.notifications.list.queryOptions(search));
  const unread = useQuery(trpc.notifications.unread.queryOptions()).data?.count ?? 0;
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.notifications.list.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.notifications.unread.queryKey() }),
    ]);
  const readAll = useMutation(trpc.notifications.readAll.mutationOptions({ onSuccess: refresh }));
  const readOne = useMutation(trpc.notifications.read.mutationOptions({ onSuccess: refresh }));

  return (
    <Container size="md" py="xl">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1}>Notifications</Title>
        <Group gap="sm">
          <AnchorLink to="/account/notifications/settings">Settings</AnchorLink>
          <Button
            variant="light"
            size="compact-md"
            disabled={unread === 0}
            loading={readAll.isPending}
            onClick={() => readAll.mutate({})}
          >
            Mark all as read
          </Button>
        </Group>
      </Group>
      {page.isError ? (
        <Alert color="red" role="alert" mt="md">
          {describeError(page.error, []).message}
        </Alert>
      ) : page.data ? (
        <Stack gap="md" mt="md">
          {page.data.data.length ? (
            <NotificationList
              items={page.data.data}
              onOpen={(id) => readOne.mutate({ id })}
              onMarkRead={(id) => readOne.mutate({ id })}
            />
          ) : (
            <Text c="dimmed">
              {search.cursor
                ? 'No older notifications.'
                : 'Nothing new. We will tell you here when something happens.'}
            </Text>
          )}
          <Group gap="md">
            {search.cursor ? <AnchorLink to="/account/notifications">Newest</AnchorLink> : null}
            {page.data.paginator.nextCursor ? (
              <AnchorLink to="/account/notifications" search={{ cursor: page.data.paginator.nextCursor }}>
                Older notifications
              </AnchorLink>
            ) : null}
          </Group>
        </Stack>
      ) : (
        <Loader mt="md" aria-label="Loading notifications" />
      )}
    </Container>
  );
}
