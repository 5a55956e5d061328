import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZChangePasswordRequest } from '@rhema/schemas';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { trpc } from '../../lib/trpc';
import { describeError } from '../auth/server-errors';
import { zodValidate } from '../auth/zod-form';

const FIELDS = ['current_password', 'new_password'] as const;

export function ChangePasswordForm() {
  const [status, setStatus] = useState<{ ok: boolean; message: string } | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { current_password: '', new_password: '' },
    validate: zodValidate<{ current_password: string; new_password: string }>(ZChangePasswordRequest),
  });
  const change = useMutation(
    trpc.password.change.mutationOptions({
      onSuccess: () => {
        form.reset();
        setStatus({
          ok: true,
          message: 'Your password has been changed. Your other devices have been signed out.',
        });
      },
      onError: (error) => {
        const { field, message } = describeError(error, FIELDS);
        if (field) form.setFieldError(field, message);
        else setStatus({ ok: false, message });
      },
    }),
  );
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setStatus(null);
        change.mutate(values);
      })}
    >
      <Stack gap="md" maw={420}>
        {status ? (
          <Alert color={status.ok ? 'green' : 'red'} role={status.ok ? 'status' : 'alert'}>
            {status.message}
          </Alert>
        ) : null}
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
