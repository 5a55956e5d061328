import { Container, Paper, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordForm } from '../features/auth/ResetPasswordForm';

export const Route = createFileRoute('/reset')({
  head: () => ({ meta: [{ title: 'Reset your password · Rhema' }] }),
  component: ResetPage,
});

function ResetPage() {
  return (
    <Container size={460} py="xl">
      <Title order={1}>Reset your password</Title>
      <Text c="dimmed" mt="xs" mb="lg">
        Enter the email of your account and we will send you a code to choose a new password.
      </Text>
      <Paper withBorder p="lg" radius="md">
        <ResetPasswordForm />
      </Paper>
    </Container>
  );
}
