import { Alert, Container, Paper, Text, Title } from '@mantine/core';
import { createFileRoute, redirect, useNavigate, useRouter } from '@tanstack/react-router';
import { LoginForm } from '../../features/auth/LoginForm';
import { ensureSessionUser, landingPath, safeRedirect } from '../../lib/session';

export const Route = createFileRoute('/auth/login')({
  // a plain function, not a zod schema: route options are in the entry chunk that every public page loads
  validateSearch: (search: Record<string, unknown>): { redirect?: string; terminated?: boolean } => ({
    redirect: typeof search.redirect === 'string' ? search.redirect : undefined,
    terminated: search.terminated === true ? true : undefined,
  }),
  head: () => ({ meta: [{ title: 'Sign in · Rhema' }] }),
  beforeLoad: async ({ context, search }) => {
    const user = await ensureSessionUser(context.queryClient, context.trpc);
    if (user) throw redirect({ to: safeRedirect(search.redirect) ?? landingPath(user) });
  },
  component: LoginPage,
});

function LoginPage() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  const router = useRouter();
  return (
    <Container size={460} py="xl">
      <Title order={1}>Sign in</Title>
      <Text c="dimmed" mt="xs" mb="lg">
        Welcome back. Sign in to see your introductions and your account.
      </Text>
      {search.terminated ? (
        <Alert color="green" role="status" mb="md">
          Your account has been terminated and your data erased. We are sorry to see you go.
        </Alert>
      ) : null}
      {search.redirect ? (
        <Alert color="plum" variant="light" mb="md" role="status">
          Please sign in to continue.
        </Alert>
      ) : null}
      <Paper withBorder p="lg" radius="md">
        <LoginForm
          onSignedIn={async (user) => {
            await router.invalidate();
            const target = safeRedirect(search.redirect);
            if (target) await router.history.push(target);
            else await navigate({ to: landingPath(user) });
          }}
        />
      </Paper>
    </Container>
  );
}
