import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { ZLoginRequest } from '@rhema/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormAlert, useSchemaForm } from '../../lib/forms';
import { AnchorLink } from '../../lib/links';
import { rememberSignedIn, type SessionUser } from '../../lib/session';
import { useTrpc } from '../../lib/use-trpc';

export function LoginForm({ onSignedIn }: { onSignedIn: (user: SessionUser) => void }) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const { form, formError, onSubmit, serverErrors } = useSchemaForm({
    schema: ZLoginRequest,
    initialValues: { email: '', password: '' },
  });
  const login = useMutation(
    trpc.auth.login.mutationOptions({
      ...serverErrors,
      onSuccess: ({ user }) => {
        rememberSignedIn(queryClient, trpc, user);
        onSignedIn(user);
      },
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit((input) => login.mutate(input))}>
      <Stack gap="md">
        <FormAlert title="Could not sign you in" message={formError} />
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
          <AnchorLink to="/reset" fz="sm">
            Forgot your password?
          </AnchorLink>
          <Button type="submit" loading={login.isPending}>
            Sign in
          </Button>
        </Group>
        <Text fz="sm">
          New to Rhema? <AnchorLink to="/auth/register">Create an account</AnchorLink>
        </Text>
      </Stack>
    </form>
  );
}
