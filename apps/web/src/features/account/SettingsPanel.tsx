import { Alert, Button, Checkbox, Modal, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { forgetSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { describeError } from '../../lib/forms';

/** Settings: download my data, and terminate the account (which erases it: docs/security.md target 14). */
export function SettingsPanel() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [askTerminate, setAskTerminate] = useState(false);
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);

  // a failed export shows the snack-bar (lib/api-errors.ts)
  const exportData = useMutation(
    trpc.account.exportData.mutationOptions({
      onSuccess: (data) => {
        const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
        const url = URL.createObjectURL(blob);
        const link = document.createElement('a');
        link.href = url;
        link.download = `rhema-my-data-${data.exported_at.slice(0, 10)}.json`;
        document.body.append(link);
        link.click();
        link.remove();
        URL.revokeObjectURL(url);
      },
    }),
  );
  const terminate = useMutation(
    trpc.account.terminate.mutationOptions({
      onSuccess: async () => {
        forgetSession(queryClient, trpc);
        await navigate({ to: '/auth/login', search: { terminated: true } });
      },
      meta: { showsOwnErrors: true },
      onError: (err) => {
        setAskTerminate(false);
        setError(describeError(err, ['password']));
      },
    }),
  );

  return (
    <Stack gap="xl" maw={560}>
      <Stack gap="xs">
        <Title order={2} fz="h3">
          Download my data
        </Title>
        <Text>
          A JSON file with everything Rhema holds about you: your profile, consents, introductions and
          activity.
        </Text>
        <Button
          variant="default"
          w="fit-content"
          loading={exportData.isPending}
          onClick={() => exportData.mutate()}
        >
          Download my data
        </Button>
      </Stack>

      <Stack gap="xs">
        <Title order={2} fz="h3">
          Terminate account
        </Title>
        <Text>
          Terminating your account erases your profile, photos, answers, introductions and requests. It cannot
          be undone.
        </Text>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setError(null);
            if (!password) return setError({ field: 'password', message: 'Please enter your password' });
            if (!confirmed)
              return setError({
                field: 'confirm',
                message: 'Please confirm that you want to terminate your account',
              });
            setAskTerminate(true);
          }}
        >
          <Stack gap="sm">
            <PasswordInput
              label="Your password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={error?.field === 'password' ? error.message : undefined}
            />
            <Checkbox
              label="I understand that my account and my data will be erased"
              checked={confirmed}
              onChange={(e) => setConfirmed(e.currentTarget.checked)}
              error={error?.field === 'confirm' ? error.message : undefined}
            />
            {error && !error.field ? (
              <Alert color="red.8" role="alert">
                {error.message}
              </Alert>
            ) : null}
            <Button type="submit" color="red.8" w="fit-content">
              Terminate account
            </Button>
          </Stack>
        </form>
      </Stack>
      <Modal opened={askTerminate} onClose={() => setAskTerminate(false)} title="Terminate account" centered>
        <Text>
          Do you want to terminate your account? Your data will be erased and this cannot be undone.
        </Text>
        <Button
          mt="lg"
          color="red.8"
          loading={terminate.isPending}
          onClick={() => terminate.mutate({ password, confirm: true })}
        >
          Yes, terminate my account
        </Button>
        <Button mt="lg" ml="sm" variant="default" onClick={() => setAskTerminate(false)}>
          Cancel
        </Button>
      </Modal>
    </Stack>
  );
}
