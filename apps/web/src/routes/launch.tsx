import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { LaunchTabs } from '../features/launch/LaunchTabs';
import { PageIntro } from '../features/public/PageIntro';

export const Route = createFileRoute('/launch')({
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
