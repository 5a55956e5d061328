import { Container, Paper, Text, Title } from '@mantine/core';
import { createFileRoute, redirect, useNavigate, useRouter } from '@tanstack/react-router';
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
  const router = useRouter();
  return (
    <Container size={640} py="xl">
      <Title order={1}>Create your account</Title>
      <Text c="dimmed" mt="xs" mb="lg">
        Membership is free. You must be 18 or over; one account per person.
      </Text>
      <Paper withBorder p="lg" radius="md">
        <RegisterForm
          onRegistered={async () => {
            await router.invalidate();
            // a new member starts with the onboarding (photos first); it can be skipped and resumed
            await navigate({ to: '/account/welcome' });
          }}
        />
      </Paper>
    </Container>
  );
}
