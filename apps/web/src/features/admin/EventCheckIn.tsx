import { Alert, Button, Card, Group, TextInput, Title } from '@mantine/core';
import { ZAdminCheckIn } from '@rhema/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../lib/dates';
import { describeError, useSchemaForm } from '../../lib/forms';
import { useTrpc } from '../../lib/use-trpc';

const CODE_FIELD_ID = 'check-in-code';
/** The code field, ready for the next guest after each answer. */
const codeField = () => document.getElementById(CODE_FIELD_ID) as HTMLInputElement | null;

/**
 * Check-in at the door: the code on the guest's ticket, typed (or entered by a scanner that types, as most USB and
 * phone scanners do). The answer is said where the eye is, in green or red, and the field is ready for the next.
 */
export function EventCheckIn({ eventId }: { eventId: string }) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const schemaForm = useSchemaForm({
    initialValues: { code: '' },
    schema: ZAdminCheckIn.pick({ code: true }),
  });
  const { form } = schemaForm;
  const checkIn = useMutation(trpc.adminEvents.checkIn.mutationOptions({ meta: { showsOwnErrors: true } }));
  const submit = (code: string) => {
    setResult(null);
    checkIn.mutate(
      { id: eventId, code },
      {
        onSuccess: async (attendee) => {
          setResult({
            ok: true,
            message: `${attendee.user.first_name} ${attendee.user.last_name} is checked in (${formatDateTime(attendee.checked_in_at!)}).`,
          });
          form.reset();
          codeField()?.focus();
          await queryClient.invalidateQueries({ queryKey: trpc.adminEvents.pathKey() });
        },
        onError: (e) => {
          setResult({ ok: false, message: describeError(e, []).message });
          codeField()?.select();
        },
      },
    );
  };

  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="check-in-title">
      <Title order={2} fz="h4" id="check-in-title" mb="xs">
        Check-in at the door
      </Title>
      <form noValidate onSubmit={schemaForm.onSubmit(({ code }) => submit(code))}>
        <Group align="flex-end" gap="sm">
          <TextInput
            id={CODE_FIELD_ID}
            label="Check-in code"
            description="The 8 letters and digits on the guest’s ticket"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            style={{ flex: '1 1 220px' }}
            {...form.getInputProps('code')}
          />
          <Button type="submit" loading={checkIn.isPending}>
            Check in
          </Button>
        </Group>
      </form>
      <div role="status" aria-live="polite">
        {result ? (
          <Alert
            mt="sm"
            color={result.ok ? 'teal.9' : 'red.9'}
            variant="filled"
            // the region around it is the one announcement (role status): no second one from the alert role
            role="none"
            title={result.ok ? 'Checked in' : 'Not checked in'}
          >
            {result.message}
          </Alert>
        ) : null}
      </div>
    </Card>
  );
}
