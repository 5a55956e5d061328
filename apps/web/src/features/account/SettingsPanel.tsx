import { Button, Checkbox, PasswordInput, Radio, Stack, Text, Title } from '@mantine/core';
import { Modal } from '../../components/overlays';
import {
  PROFILE_VISIBILITIES,
  PROFILE_VISIBILITY_TEXT,
  type TProfileVisibility,
  ZTerminateAccountRequest,
  ZVisibilityUpdate,
} from '@rhema/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { forgetSession } from '../../lib/session';
import { showSnackbar } from '../../lib/snackbar';
import { useTrpc } from '../../lib/use-trpc';
import { FormAlert, useSchemaForm } from '../../lib/forms';

/**
 * Settings: who finds my profile (docs/decisions/172-profile-visibility.md), download my data, and terminate the
 * account (which erases it: docs/security.md target 14).
 */
export function SettingsPanel() {
  const trpc = useTrpc();
  const profile = useQuery(trpc.account.profile.queryOptions());
  return (
    <Stack gap="xl" maw={560}>
      {profile.data ? <VisibilityForm current={profile.data.profile_visibility} /> : null}
      <ExportSection />
      <TerminateSection />
    </Stack>
  );
}

function VisibilityForm({ current }: { current: TProfileVisibility }) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const { form, formError, onSubmit, serverErrors } = useSchemaForm({
    schema: ZVisibilityUpdate,
    initialValues: { profile_visibility: current as string },
  });
  const save = useMutation(
    trpc.profile.setVisibility.mutationOptions({
      ...serverErrors,
      onSuccess: (saved) => {
        form.resetDirty(saved);
        showSnackbar(
          `Your profile is now ${PROFILE_VISIBILITY_TEXT[saved.profile_visibility].label.toLowerCase()}.`,
          'success',
        );
        void queryClient.invalidateQueries({ queryKey: trpc.account.profile.queryKey() });
      },
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit((input) => save.mutate(input))}>
      <Stack gap="sm">
        <FormAlert message={formError} />
        <Radio.Group
          label={
            <Title order={2} fz="h3" component="span">
              Who can find my profile
            </Title>
          }
          {...form.getInputProps('profile_visibility')}
        >
          <Stack gap="sm" mt="xs">
            {PROFILE_VISIBILITIES.map((value) => (
              <Radio
                key={value}
                value={value}
                label={PROFILE_VISIBILITY_TEXT[value].label}
                description={PROFILE_VISIBILITY_TEXT[value].description}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Button type="submit" variant="default" w="fit-content" loading={save.isPending}>
          Save visibility
        </Button>
      </Stack>
    </form>
  );
}

function ExportSection() {
  const trpc = useTrpc();
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
  return (
    <Stack gap="xs">
      <Title order={2} fz="h3">
        Download my data
      </Title>
      <Text>
        A JSON file with everything Rhema holds about you: your profile, consents, introductions and activity.
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
  );
}

function TerminateSection() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [askTerminate, setAskTerminate] = useState(false);
  const { form, formError, onSubmit, showServerError } = useSchemaForm({
    schema: ZTerminateAccountRequest,
    initialValues: { password: '', confirm: false as boolean },
  });
  const terminate = useMutation(
    trpc.account.terminate.mutationOptions({
      onSuccess: async () => {
        forgetSession(queryClient, trpc);
        await navigate({ to: '/auth/login', search: { terminated: true } });
      },
      meta: { showsOwnErrors: true },
      onError: (err) => {
        setAskTerminate(false);
        showServerError(err);
      },
    }),
  );
  return (
    <Stack gap="xs">
      <Title order={2} fz="h3">
        Terminate account
      </Title>
      <Text>
        Terminating your account erases your profile, photos, answers, introductions and requests. It cannot
        be undone.
      </Text>
      {/* the schema checks the password and the tick first; the dialog then asks once more */}
      <form noValidate onSubmit={onSubmit(() => setAskTerminate(true))}>
        <Stack gap="sm">
          <PasswordInput
            label="Your password"
            autoComplete="current-password"
            {...form.getInputProps('password')}
          />
          <Checkbox
            label="I understand that my account and my data will be erased"
            {...form.getInputProps('confirm', { type: 'checkbox' })}
          />
          <FormAlert message={formError} />
          <Button type="submit" color="red.8" w="fit-content">
            Terminate account
          </Button>
        </Stack>
      </form>
      <Modal opened={askTerminate} onClose={() => setAskTerminate(false)} title="Terminate account" centered>
        <Text>
          Do you want to terminate your account? Your data will be erased and this cannot be undone.
        </Text>
        <Button
          mt="lg"
          color="red.8"
          loading={terminate.isPending}
          onClick={() => terminate.mutate({ password: form.values.password, confirm: true })}
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
