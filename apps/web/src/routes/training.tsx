import { Card, Container, Grid, List, Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { TrainingSignupForm } from '../features/training/TrainingSignupForm';

/** What the server's answer to the form posted without the app put in the address (ZTrainingSignupOutcome). */
type TrainingSearch = Partial<
  Record<'signup' | 'invalid' | 'first_name' | 'country_code' | 'topics', unknown>
>;

export const Route = createFileRoute('/training')({
  // a cast, not a zod schema: route options are in the entry chunk every public page loads (within its budget);
  // the form parses these with ZTrainingSignupOutcome, which drops anything else
  validateSearch: (search: Record<string, unknown>) => search as TrainingSearch,
  head: () => ({
    meta: [
      { title: 'Training and support · Rhema' },
      {
        name: 'description',
        content:
          'The Rhema singles training centre opens in July: courses on communication, readiness for marriage, money and faith. Sign up early to hear first.',
      },
    ],
  }),
  component: TrainingPage,
});

function TrainingPage() {
  return (
    <Container size="lg" py="xl">
      <Grid gap={{ base: 'xl', md: 48 }}>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            <Text fw={700} c="var(--rhema-accent)" tt="uppercase" size="sm">
              Training and support
            </Text>
            <Title order={1}>Singles training center opens in July</Title>
            <Text size="lg">
              Finding the right person is half the story. Our training centre helps you become ready for a
              lasting relationship: practical courses led by counsellors, relationship coaches and married
              couples who have been there.
            </Text>
            <Title order={2} size="h4" mt="sm">
              What you will be able to take
            </Title>
            <List spacing={6}>
              <List.Item>Communication and resolving conflict without hurting each other</List.Item>
              <List.Item>Preparing for marriage: expectations, roles and family</List.Item>
              <List.Item>Money and shared goals, from budgets to buying a home</List.Item>
              <List.Item>Faith, family and culture when you come from different backgrounds</List.Item>
              <List.Item>Dating with confidence after a break-up, divorce or a long pause</List.Item>
            </List>
            <Text>
              Sessions will run in the evenings and at weekends, in person in London and online for members
              everywhere else. Members get priority booking.
            </Text>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card withBorder radius="lg" padding="xl" shadow="sm">
            <Title order={2} size="h3">
              Sign up early
            </Title>
            <Text c="dimmed" mt={4} mb="lg">
              Be the first to hear when bookings open. We will only email you about the training centre.
            </Text>
            <TrainingSignupForm />
          </Card>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
