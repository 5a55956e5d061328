import { Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { AnchorLink } from '../lib/links';
import { PageIntro } from '../features/public/PageIntro';
import { StoreBadges } from '../features/public/StoreBadges';

export const Route = createFileRoute('/tv')({
  head: () => ({
    meta: [
      { title: 'Rhema on TV: the reality dating show · Rhema' },
      {
        name: 'description',
        content:
          'Three bachelors host three single ladies on a dinner date, spend six hours together in a house, then decide who dates whom. The Rhema reality show.',
      },
    ],
  }),
  component: TvPage,
});

const FORMAT = [
  {
    title: 'The dinner date',
    text: '3 bachelors host 3 single ladies on a dinner date. They cook, they serve, they talk. First impressions are made over the table, not through a screen.',
  },
  {
    title: 'Six hours in a house',
    text: 'The six of them then spend 6 hours together in a house: games, honest conversations, a few surprises, and time to see how everyone treats each other.',
  },
  {
    title: 'The decision',
    text: 'At the end of the six hours, everyone decides who they would like to date. A match happens only when both choose each other.',
  },
] as const;

function TvPage() {
  return (
    <Container size="lg" py="xl">
      <PageIntro title="Rhema on TV">
        Our reality show about dating with intention: real professional singles, one evening, and a decision
        at the end of it.
      </PageIntro>

      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {FORMAT.map((step, index) => (
          <Card key={step.title} withBorder radius="lg" padding="lg">
            <ThemeIcon size={40} radius="xl" aria-hidden="true">
              <Text fw={800} c="white">
                {index + 1}
              </Text>
            </ThemeIcon>
            <Title order={2} size="h4" mt="md">
              {step.title}
            </Title>
            <Text mt="xs" c="dimmed">
              {step.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" mt={48}>
        <Stack gap="sm">
          <Title order={2} size="h3">
            Why we made it
          </Title>
          <Text>
            Dating apps show people at their most filtered. We wanted to show what happens when single
            professionals spend real time together: how they listen, how they handle a disagreement, how they
            treat the person serving them. The show follows the couples that form after the house, too.
          </Text>
        </Stack>
        <Stack gap="sm">
          <Title order={2} size="h3">
            Want to take part?
          </Title>
          <Text>
            Casting is open to verified Rhema members aged 21 and over who are single and serious about
            finding a partner. Download the app, verify your profile and open the TV casting page under{' '}
            <AnchorLink to="/events" underline="always">
              Events
            </AnchorLink>
            .
          </Text>
          <StoreBadges />
        </Stack>
      </SimpleGrid>
    </Container>
  );
}
