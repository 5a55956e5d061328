import { Alert, Anchor, Button, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { RESET_CONFIRMATION_MS } from '@rhema/schemas';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { trpc } from '../../lib/trpc';
import { describeError } from './server-errors';

type Field = 'email' | 'code' | 'password_reset';
const FIELDS: readonly Field[] = ['email', 'code', 'password_reset'];
const EMPTY = { email: '', code: '', password_reset: '' };

/**
 * The spec's reset flow (section 4): email, request a code (the call returns a token; the email input is then
 * disabled), then code and new password and submit; on success 'Your Password has been reset' with OK, closed
 * automatically after 15 seconds, and the form cleared. No client-side validation: the server's messages show.
 */
export function ResetPasswordForm() {
  const [values, setValues] = useState(EMPTY);
  const [token, setToken] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const showError = (error: unknown) => {
    const { field, message } = describeError(error, FIELDS);
    if (field) setErrors({ [field]: message });
    else setFormError(message);
  };
  const requestCode = useMutation(
    trpc.password.request.mutationOptions({
      onSuccess: (result) => setToken(result.token),
      onError: showError,
    }),
  );
  const reset = useMutation(
    trpc.password.reset.mutationOptions({
      onSuccess: () => {
        setValues(EMPTY);
        setToken(null);
        setDone(true);
      },
      onError: showError,
    }),
  );

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => setDone(false), RESET_CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [done]);

  const set = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  return (
    <>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setFormError(null);
          setErrors({});
          if (!token) requestCode.mutate({ email: values.email });
          else reset.mutate({ ...values, token });
        }}
      >
        <Stack gap="md">
          {formError ? (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          ) : null}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={set('email')}
            error={errors.email}
            disabled={token !== null}
          />
          {token ? (
            <>
              <Alert color="plum" variant="light" role="status">
                If an account exists for {values.email}, we have emailed it a 6-digit code. It is valid for 10
                minutes.
              </Alert>
              <TextInput
                label="Code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={values.code}
                onChange={set('code')}
                error={errors.code}
              />
              <PasswordInput
                label="New password"
                description="At least 8 characters"
                autoComplete="new-password"
                value={values.password_reset}
                onChange={set('password_reset')}
                error={errors.password_reset}
              />
              <Button type="submit" loading={reset.isPending}>
                Reset password
              </Button>
              <Button
                variant="subtle"
                onClick={() => {
                  setToken(null);
                  setValues((v) => ({ ...v, code: '', password_reset: '' }));
                }}
              >
                Use another email or get a new code
              </Button>
            </>
          ) : (
            <Button type="submit" loading={requestCode.isPending}>
              Request code
            </Button>
          )}
          <Text fz="sm">
            Remembered it?{' '}
            <Anchor component={Link} to="/auth/login">
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
      <Modal opened={done} onClose={() => setDone(false)} title="Success" centered>
        <Text>Your Password has been reset</Text>
        <Button mt="lg" onClick={() => setDone(false)}>
          OK
        </Button>
      </Modal>
    </>
  );
}
