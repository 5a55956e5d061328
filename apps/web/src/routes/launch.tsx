import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { LaunchTabs } from '../features/launch/LaunchTabs';
import { PageIntro } from '../features/public/PageIntro';

export const Route = createFileRoute('/launch')({
  // a cast: route options are in the entry chunk every public page loads (within its budget); the page reads the
  // tab with launchTabOf, and anything else is the welcome
  validateSearch: (search: Record<string, unknown>) => search as { tab?: unknown },
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  // the guest list drawn with the page when the server renders ?tab=guest (a link followed without the app); in the
  // browser it loads behind the tab, which opens at once
  loader: async ({ context: { queryClient, trpc }, deps }) => {
    if (deps.tab !== 'guest') return;
    const guests = queryClient.prefetchQuery(trpc.events.guestList.queryOptions());
    if (import.meta.env.SSR) await guests;
  },
  head: () => ({
    meta: [
      { title: 'Launch evening · Rhema' },
      {
        name: 'description',
        content:
          'The Rhema launch evening, 5pm to 9pm: meet professional singles and our matchmaking team, see the programme and find out how to get on the guest list.',
      },
    ],
  }),
  component: LaunchPage,
});

function LaunchPage() {
  return (
    <Container size="lg" py="xl">
      <PageIntro title="Rhema launch evening">
        An evening for professional singles, our matchmakers and the cast of our TV show. From 5pm to 9pm.
      </PageIntro>
      <LaunchTabs />
    </Container>
  );
}
