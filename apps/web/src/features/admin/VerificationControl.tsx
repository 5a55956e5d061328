import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { ZRevokeVerificationRequest } from '@rhema/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert, useSchemaForm } from '../../lib/forms';
import { useTrpc } from '../../lib/use-trpc';
import { GrowingTextarea } from '../../components/GrowingTextarea';

// The console's view of a member's identity check: the badge, and for a verified member the revocation with the
// reason the member reads (audited by the server: packages/core/src/verification/revoke-verification.ts).
export function VerificationControl({ userId, verified }: { userId: string; verified: boolean }) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  const { form, formError, onSubmit, serverErrors } = useSchemaForm({
    schema: ZRevokeVerificationRequest,
    initialValues: { userId, reason: '' },
  });
  const revoke = useMutation(
    trpc.verification.revoke.mutationOptions({
      ...serverErrors,
      onSuccess: async () => {
        setOpen(false);
        setDone(true);
        await queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
      },
    }),
  );
  return (
    <Paper withBorder p="sm" radius="md" mt="sm" component="section" aria-labelledby="verification-title">
      <Title order={2} size="h4" id="verification-title">
        Identity verification
      </Title>
      <Text size="sm">
        {verified
          ? 'Verified by the identity provider.'
          : done
            ? 'Verification revoked: the member was told the reason.'
            : 'Not verified.'}
      </Text>
      {verified && !open ? (
        <Button variant="default" size="xs" mt="xs" onClick={() => setOpen(true)}>
          Revoke verification
        </Button>
      ) : null}
      {verified && open ? (
        <form noValidate onSubmit={onSubmit((input) => revoke.mutate(input))}>
          <Stack gap="xs" mt="xs">
            <FormAlert title="Could not revoke" message={formError} />
            <GrowingTextarea
              label="Reason (the member reads it)"
              minRows={2}
              {...form.getInputProps('reason')}
            />
            <Group gap="xs">
              <Button type="submit" color="red.9" size="xs" loading={revoke.isPending}>
                Revoke
              </Button>
              <Button variant="default" size="xs" onClick={() => setOpen(false)}>
                Cancel
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Paper>
  );
}
