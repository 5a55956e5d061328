import { Container, Paper, Text, Title } from '@mantine/core';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { RegisterForm } from '../../features/auth/RegisterForm';
import { ensureSessionUser, landingPath } from '../../lib/session';

export const Route = createFileRoute('/auth/register')({
  head: () => ({ meta: [{ title: 'Create your account · Rhema' }] }),
  beforeLoad: async ({ context }) => {
    const user = await ensureSessionUser(context.queryClient, context.trpc);
    if (user) throw redirect({ to: landingPath(user) });
  },
  component: RegisterPage,
});

function RegisterPage() {
  const navigate = useNavigate();
  return (
    <Container size={640} py="xl">
      <Title order={1}>Create your account</Title>
      <Text c="dimmed" mt="xs" mb="lg">
        Membership is free. You must be 18 or over; one account per person.
      </Text>
      <Paper withBorder p="lg" radius="md">
        <RegisterForm
          onRegistered={async (user) => {
            // a new member starts with the onboarding (photos first); it can be skipped and resumed. No
            // router.invalidate() first: it would run this page's beforeLoad again, which sends a signed-in user
            // to their usual landing page and raced this navigation.
            await navigate({ to: landingPath(user, { signedUp: true }) });
          }}
        />
      </Paper>
    </Container>
  );
}
