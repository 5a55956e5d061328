import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { ZChangePasswordRequest } from '@rhema/schemas';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert, useSchemaForm } from '../../lib/forms';
import { useTrpc } from '../../lib/use-trpc';

export function ChangePasswordForm() {
  const trpc = useTrpc();
  const [changed, setChanged] = useState(false);
  const { form, formError, onSubmit, serverErrors } = useSchemaForm({
    schema: ZChangePasswordRequest,
    initialValues: { current_password: '', new_password: '' },
  });
  const change = useMutation(
    trpc.password.change.mutationOptions({
      ...serverErrors,
      onSuccess: () => {
        form.reset();
        setChanged(true);
      },
    }),
  );
  return (
    <form
      noValidate
      onSubmit={onSubmit((input) => {
        setChanged(false);
        change.mutate(input);
      })}
    >
      <Stack gap="md" maw={420}>
        {changed ? (
          <Alert color="green" role="status">
            Your password has been changed. Your other devices have been signed out.
          </Alert>
        ) : null}
        <FormAlert message={formError} />
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          {...form.getInputProps('current_password')}
        />
        <PasswordInput
          label="New password"
          description="At least 8 characters"
          autoComplete="new-password"
          {...form.getInputProps('new_password')}
        />
        <Button type="submit" loading={change.isPending} w="fit-content">
          Change password
        </Button>
      </Stack>
    </form>
  );
}
