import { Card, Container, Group, Image, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { introductionStatusLabel } from '@rhema/schemas';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Pager } from '../../features/admin/Pager';
import { AnchorLink } from '../../lib/links';
import { pageParams } from '../../features/admin/search-params';
import { trpc } from '../../lib/trpc';

export const Route = createFileRoute('/admin21/requests')({
  // kept as it comes: read by pageParams in the console's chunk (the route tree is in every page's bundle)
  validateSearch: (search: Record<string, unknown>) => search,
  head: () => ({ meta: [{ title: 'Requests · Management Console · Rhema' }] }),
  component: RequestsPage,
});

/** Pre-matched introductions with owner and contact; the second photo links to the member page (spec section 2). */
function RequestsPage() {
  const search = pageParams(Route.useSearch());
  const navigate = Route.useNavigate();
  const list = useQuery(trpc.admin.prematched.queryOptions(search));
  const page = search.page ?? 1;
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Requests</Title>
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
                <Text size="sm">Status: {introductionStatusLabel(introduction.status)}</Text>
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
            onBack={() =>
              void navigate({
                search: { page: page - 1, before: list.data.paginator.prevCursor ?? undefined },
              })
            }
            onNext={() =>
              void navigate({
                search: { page: page + 1, after: list.data.paginator.nextCursor ?? undefined },
              })
            }
          />
        </>
      ) : null}
    </Container>
  );
}
