import { Alert, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { MatchProfile } from '../features/match/MatchProfile';
import { ReferenceSearch } from '../features/match/ReferenceSearch';
import { StoreBadges } from '../features/public/StoreBadges';
import type { Trpc } from '../lib/trpc';
import { AnchorLink, ButtonLink } from '../lib/links';
import { useTrpc } from '../lib/use-trpc';

function matchQuery(trpc: Trpc, reference: string) {
  // a 404 or 429 will not change by asking again at once; the page shows each failure itself (no snack-bar)
  return trpc.match.lookup.queryOptions(
    { contact_reference: reference },
    { retry: false, staleTime: 60_000, meta: { showsOwnErrors: true } },
  );
}

export const Route = createFileRoute('/private-match/$reference')({
  head: ({ params }) => ({
    meta: [
      { title: `Private match request ${params.reference} · Rhema` },
      {
        name: 'description',
        content: `The Rhema member behind private match reference ${params.reference}: first name, age, country, occupation and photos.`,
      },
      // a member's page is for the person given the reference, not for search engines
      { name: 'robots', content: 'noindex' },
    ],
  }),
  loader: ({ context, params }) =>
    context.queryClient.prefetchQuery(matchQuery(context.trpc, params.reference)),
  component: MatchRequestPage,
});

function MatchRequestPage() {
  const { reference } = Route.useParams();
  const trpc = useTrpc();
  const query = useQuery(matchQuery(trpc, reference));

  return (
    <Container size="md" py="xl">
      <Title order={1}>Private match request</Title>
      <Text c="dimmed" mt={4} mb="xl">
        Reference{' '}
        <Text span fw={700} c="var(--mantine-color-text)" ff="monospace">
          {reference}
        </Text>
      </Text>

      {query.isPending ? (
        <Text role="status">Looking up reference {reference}…</Text>
      ) : query.isError ? (
        query.error.data?.code === 'TOO_MANY_REQUESTS' ? (
          <Alert color="orange" title="Too many searches" role="alert">
            You have looked up a lot of references in a short time. Please wait a minute and try again.
          </Alert>
        ) : query.error.data?.code === 'NOT_FOUND' ? (
          <NotFoundState reference={reference} />
        ) : (
          <Alert color="red" title="Something went wrong" role="alert">
            Something bad happened; please try again later.
          </Alert>
        )
      ) : (
        <Stack gap="xl">
          <MatchProfile profile={query.data} />
          <Card withBorder radius="lg" padding="lg" bg="var(--rhema-tint)">
            <Title order={2} size="h4">
              Would you like to be introduced?
            </Title>
            <Text mt="xs">
              Tell the consultant who called you, or message our team with reference{' '}
              {query.data.contact_reference}. If you both agree, we share your phone numbers with each other.
              Until then, your details stay private.
            </Text>
            <Group mt="md">
              <ButtonLink to="/support">Contact our team</ButtonLink>
            </Group>
            <Text mt="md" size="sm" fw={600}>
              Not a member yet? The app is free.
            </Text>
            <Stack mt="xs">
              <StoreBadges />
            </Stack>
          </Card>
        </Stack>
      )}
    </Container>
  );
}

function NotFoundState({ reference }: { reference: string }) {
  return (
    <Stack gap="lg">
      <Alert color="gray" title="No match request found" role="alert" variant="outline">
        We could not find a match request with the reference {reference}. References have 6 letters and
        digits: please check it with the consultant who gave it to you. The member may also have paused their
        profile.
      </Alert>
      <ReferenceSearch inputId="retry-reference" />
      <Text size="sm" c="dimmed">
        Still stuck?{' '}
        <AnchorLink underline="always" to="/support">
          Contact us
        </AnchorLink>{' '}
        or read{' '}
        <AnchorLink underline="always" to="/private-match">
          how private matching works
        </AnchorLink>
        .
      </Text>
    </Stack>
  );
}
