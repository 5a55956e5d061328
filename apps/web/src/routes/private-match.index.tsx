import { Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { ReferenceSearch } from '../features/match/ReferenceSearch';
import { PageIntro } from '../features/public/PageIntro';
import classes from '../features/match/PrivateMatching.module.css';
import { StoreBadges } from '../features/public/StoreBadges';
import { AnchorLink } from '../lib/links';

export const Route = createFileRoute('/private-match/')({
  head: () => ({
    meta: [
      { title: 'Private Matching · Rhema' },
      {
        name: 'description',
        content:
          'How Rhema private matchmaking works in four steps: choose a member, message our team, we call them for you, and numbers are exchanged only if they agree.',
      },
    ],
  }),
  component: PrivateMatchingPage,
});

const STEPS = [
  {
    title: 'Choose a person',
    text: 'Open the members list in the Rhema app and find someone you would like to meet. Note their handle: it is shown under their name on their profile.',
  },
  {
    title: 'Send us their handle',
    text: 'Send the handle to our matchmaking team through a messaging app. Tell us a little about why you would like to meet: it helps us introduce you well.',
  },
  {
    title: 'We call them for you',
    text: 'One of our agents phones the person on your behalf, tells them that you are interested and answers their questions. There is no pressure and no awkward first message.',
  },
  {
    title: 'Numbers are exchanged',
    text: 'If they like the idea, we share your phone numbers with each other and you take it from there. If not, nobody is embarrassed and your request stays private.',
  },
] as const;

function PrivateMatchingPage() {
  return (
    <Container size="lg" py="xl">
      <PageIntro title="Private Matching">
        Some people would rather not make the first move in an app. With private matching, our consultants
        make the approach for you, discreetly and in four simple steps.
      </PageIntro>

      <ol aria-label="The four steps" className={classes.steps}>
        {STEPS.map((step, index) => (
          <li key={step.title}>
            <Card withBorder radius="lg" padding="lg" h="100%">
              <ThemeIcon size={40} radius="xl" aria-hidden="true">
                <Text fw={800} c="white">
                  {index + 1}
                </Text>
              </ThemeIcon>
              <Title order={2} size="h4" mt="md">
                <VisuallyHidden>Step {index + 1}: </VisuallyHidden>
                {step.title}
              </Title>
              <Text mt="xs" c="dimmed">
                {step.text}
              </Text>
            </Card>
          </li>
        ))}
      </ol>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" mt={48}>
        <Stack gap="sm">
          <Title order={2} size="h3">
            Get the app to start
          </Title>
          <Text>
            The members list and your handle are in the Rhema app, free on Android and iPhone. Verify your
            identity in the app so the people we call know you are genuine.
          </Text>
          <StoreBadges />
        </Stack>
        <Stack gap="sm">
          <Title order={2} size="h3">
            Were you given a reference?
          </Title>
          <Text>
            If one of our consultants called you about someone, type the reference they gave you to see that
            member&apos;s profile. Phone numbers and email addresses are never shown.
          </Text>
          <ReferenceSearch inputId="private-match-reference" />
          <Text size="sm" c="dimmed">
            Questions? Read the{' '}
            <AnchorLink underline="always" to="/faq">
              FAQ
            </AnchorLink>{' '}
            or{' '}
            <AnchorLink underline="always" to="/support">
              contact us
            </AnchorLink>
            .
          </Text>
        </Stack>
      </SimpleGrid>
    </Container>
  );
}
