import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZLoginRequest } from '@rhema/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { rememberSignedIn, type SessionUser } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { describeError } from './server-errors';
import { zodValidate } from './zod-form';

const FIELDS = ['email', 'password'] as const;

export function LoginForm({ onSignedIn }: { onSignedIn: (user: SessionUser) => void }) {
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: zodValidate<{ email: string; password: string }>(ZLoginRequest),
  });
  const login = useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: ({ user }) => {
        rememberSignedIn(queryClient, trpc, user);
        onSignedIn(user);
      },
      onError: (error) => {
        const { field, message } = describeError(error, FIELDS);
        if (field) form.setFieldError(field, message);
        else setFormError(message);
      },
    }),
  );

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setFormError(null);
        login.mutate(values);
      })}
    >
      <Stack gap="md">
        {formError ? (
          <Alert color="red" role="alert" title="Could not sign you in">
            {formError}
          </Alert>
        ) : null}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          withAsterisk
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          withAsterisk
          {...form.getInputProps('password')}
        />
        <Group justify="space-between" align="center">
          <Anchor component={Link} to="/reset" fz="sm">
            Forgot your password?
          </Anchor>
          <Button type="submit" loading={login.isPending}>
            Sign in
          </Button>
        </Group>
        <Text fz="sm">
          New to Rhema?{' '}
          <Anchor component={Link} to="/auth/register">
            Create an account
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
