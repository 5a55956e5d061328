import { Card, Container, Group, Image, Loader, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import type { TAdminMatchRequest } from '@rhema/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { Pager } from '../../components/Pager';
import { IntroducedDialog, MatchRequestCard } from '../../features/admin/MatchRequestQueue';
import { useConsoleTitle } from '../../features/admin/console-title';
import type { pageQuery } from '../../features/admin/search';
import { introductionState } from '../../features/admin/format';
import { AnchorLink } from '../../lib/links';
import { useTrpc } from '../../lib/use-trpc';
import { forFirstScreen } from '../../lib/first-screen';

// the tabs, by the address's `status`: members' requests waiting or handled, and the pre-matched introductions
const VIEWS = ['open', 'handled', 'prematched'] as const;
type View = (typeof VIEWS)[number];
const viewOf = (search: Record<string, unknown>): View => VIEWS.find((v) => v === search.status) ?? 'open';
const queuePage = (search: Record<string, unknown>) => Math.max(1, Number(search.page) || 1);
type PageQuery = ReturnType<typeof pageQuery>;

export const Route = createFileRoute('/admin21/requests')({
  // kept as it comes (the route tree is in every page's bundle): the loader reads it
  validateSearch: (search: Record<string, unknown>) => search,
  head: () => ({ meta: [{ title: 'Requests · Management Console · Rhema' }] }),
  loaderDeps: ({ search }) => search,
  // the pre-matched list's page is read by its schema here, in a module imported with `import()`, and handed to the
  // page as the loader's data: the page evaluates no schema (nor zod) as it loads (apps/web/vite-plugins.ts)
  loader: async ({ context: { queryClient, trpc }, deps }): Promise<{ prematched: PageQuery | null }> => {
    const view = viewOf(deps);
    if (view !== 'prematched') {
      await forFirstScreen(() =>
        queryClient.prefetchQuery(
          trpc.admin.matchRequests.queryOptions({ status: view, page: queuePage(deps) }),
        ),
      );
      return { prematched: null };
    }
    const { pageQuery: read } = await import('../../features/admin/search');
    const prematched = read(deps);
    await forFirstScreen(() => queryClient.prefetchQuery(trpc.admin.prematched.queryOptions(prematched)));
    return { prematched };
  },
  component: RequestsPage,
});

const VIEW_LABEL: Record<View, string> = {
  open: 'Waiting',
  handled: 'Handled',
  prematched: 'Pre-matched introductions',
};
const TITLE: Record<View, string> = {
  open: 'Requests waiting',
  handled: 'Requests handled',
  prematched: 'Pre-matched introductions',
};

/** The consultants' queue: members' requests for an introduction (act on them), and the pre-matched list. */
function RequestsPage() {
  const view = viewOf(Route.useSearch());
  const navigate = Route.useNavigate();
  useConsoleTitle(`${TITLE[view]} · Requests`);
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Requests</Title>
      <Text c="dimmed" mt="xs" mb="md">
        Members who asked our consultants for an introduction to someone they chose: call the member they
        asked for, then create the introduction with this match, or decline with a note the member reads.
      </Text>
      <Tabs
        value={view}
        onChange={(value) => void navigate({ search: value === 'open' ? {} : { status: value } })}
      >
        <Tabs.List>
          {VIEWS.map((v) => (
            <Tabs.Tab key={v} value={v}>
              {VIEW_LABEL[v]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {view === 'prematched' ? <Prematched /> : <Queue status={view} />}
    </Container>
  );
}

function Queue({ status }: { status: 'open' | 'handled' }) {
  const trpc = useTrpc();
  const page = queuePage(Route.useSearch());
  const navigate = Route.useNavigate();
  const list = useQuery({
    ...trpc.admin.matchRequests.queryOptions({ status, page }),
    placeholderData: keepPreviousData,
  });
  const [introduced, setIntroduced] = useState<TAdminMatchRequest | null>(null);
  return (
    <section aria-label={TITLE[status]} aria-busy={list.isFetching}>
      <IntroducedDialog request={introduced} onClose={() => setIntroduced(null)} />
      {list.isFetching && !list.data ? <Loader aria-label="Loading" my="md" /> : null}
      {list.data ? (
        list.data.data.length ? (
          <>
            <Stack mt="lg">
              {list.data.data.map((request) => (
                <MatchRequestCard key={request._id} request={request} onIntroduced={setIntroduced} />
              ))}
            </Stack>
            <Pager
              paginator={list.data.paginator}
              onPage={(next) =>
                void navigate({ search: { ...(status === 'open' ? {} : { status }), page: next } })
              }
            />
          </>
        ) : (
          <Text mt="lg">{status === 'open' ? 'No request is waiting.' : 'No request was handled yet.'}</Text>
        )
      ) : null}
    </section>
  );
}

/** Pre-matched introductions with owner and contact; the second photo links to the member page. */
function Prematched() {
  const trpc = useTrpc();
  const search = Route.useLoaderData().prematched ?? {};
  const navigate = Route.useNavigate();
  const list = useQuery(trpc.admin.prematched.queryOptions(search));
  return (
    <>
      {list.isFetching && !list.data ? <Loader aria-label="Loading" my="md" /> : null}
      {list.data ? (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }} mt="lg">
            {list.data.data.map((introduction) => (
              <Card
                key={introduction._id}
                withBorder
                component="article"
                aria-label={`${introduction.user.first_name} and ${introduction.contact?.first_name ?? ''}`}
              >
                <Text size="sm">{introductionState(introduction)}</Text>
                <Group mt="xs" align="flex-start" wrap="nowrap">
                  <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                    <AnchorLink to="/admin21/users/$id/owner" params={{ id: introduction.user._id }}>
                      {introduction.user.profile_pic_url ? (
                        <Image
                          src={introduction.user.profile_pic_url}
                          alt={`${introduction.user.first_name} (owner)`}
                          w={64}
                          h={64}
                          radius="sm"
                        />
                      ) : null}
                      <Text fw={700}>
                        {introduction.user.first_name}, {introduction.user.age}
                      </Text>
                    </AnchorLink>
                    <Text size="sm">Owner</Text>
                  </Stack>
                  {introduction.contact ? (
                    <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                      <AnchorLink to="/admin21/members/$id" params={{ id: introduction.contact._id }}>
                        {introduction.contact.profile_pic_url ? (
                          <Image
                            src={introduction.contact.profile_pic_url}
                            alt={`${introduction.contact.first_name} (contact)`}
                            w={64}
                            h={64}
                            radius="sm"
                          />
                        ) : null}
                        <Text fw={700}>
                          {introduction.contact.first_name}, {introduction.contact.age}
                        </Text>
                      </AnchorLink>
                      <Text size="sm">Contact</Text>
                    </Stack>
                  ) : null}
                </Group>
              </Card>
            ))}
          </SimpleGrid>
          <Pager
            paginator={list.data.paginator}
            onPage={(next, position) =>
              void navigate({ search: { status: 'prematched', page: next, ...position } })
            }
          />
        </>
      ) : null}
    </>
  );
}
