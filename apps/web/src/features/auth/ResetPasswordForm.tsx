import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Modal } from '../../components/overlays';
import { MAILED_CODE_LENGTH, RESET_CONFIRMATION_MS } from '@rhema/schemas';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormAlert, useSchemaForm } from '../../lib/forms';
import { AnchorLink } from '../../lib/links';
import { useTrpc } from '../../lib/use-trpc';

/**
 * The password reset flow: email, request a code (the call returns a token; the email input is then
 * disabled), then code and new password and submit; on success 'Your Password has been reset' with OK, closed
 * automatically after 15 seconds, and the form cleared. No client-side validation (no schema): the server's
 * messages show, on the field they name.
 */
export function ResetPasswordForm() {
  const trpc = useTrpc();
  const [token, setToken] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const { form, formError, onSubmit, serverErrors } = useSchemaForm({
    initialValues: { email: '', code: '', password_reset: '' },
  });
  const requestCode = useMutation(
    trpc.password.request.mutationOptions({
      ...serverErrors,
      onSuccess: (result) => setToken(result.token),
    }),
  );
  const reset = useMutation(
    trpc.password.reset.mutationOptions({
      ...serverErrors,
      onSuccess: () => {
        form.reset();
        setToken(null);
        setDone(true);
      },
    }),
  );

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => setDone(false), RESET_CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [done]);

  return (
    <>
      <form
        noValidate
        onSubmit={onSubmit((values) => {
          if (!token) requestCode.mutate({ email: values.email });
          else reset.mutate({ ...values, token });
        })}
      >
        <Stack gap="md">
          <FormAlert message={formError} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            disabled={token !== null}
            {...form.getInputProps('email')}
          />
          {token ? (
            <>
              <Alert color="plum" variant="light" role="status">
                If an account exists for {form.values.email}, we have emailed it a {MAILED_CODE_LENGTH}-digit
                code. It is valid for 10 minutes.
              </Alert>
              <TextInput
                label="Code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={MAILED_CODE_LENGTH}
                {...form.getInputProps('code')}
              />
              <PasswordInput
                label="New password"
                description="At least 8 characters"
                autoComplete="new-password"
                {...form.getInputProps('password_reset')}
              />
              <Button type="submit" loading={reset.isPending}>
                Reset password
              </Button>
              <Button
                variant="subtle"
                // the whole label on a phone, on two lines if need be (styles.css)
                className="button-wraps"
                onClick={() => {
                  setToken(null);
                  form.setValues({ code: '', password_reset: '' });
                  form.clearErrors();
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
            Remembered it? <AnchorLink to="/auth/login">Sign in</AnchorLink>
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
