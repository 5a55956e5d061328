import { Alert, Button, Group, Radio, Stack } from '@mantine/core';
import { Modal } from '../../components/overlays';
import { REPORT_DETAILS_MAX, REPORT_REASONS, ZReportRequest } from '@rhema/schemas';
import { useMutation } from '@tanstack/react-query';
import { useTrpc } from '../../lib/use-trpc';
import { FormAlert, useSchemaForm } from '../../lib/forms';
import { GrowingTextarea } from '../../components/GrowingTextarea';

const SCHEMA = ZReportRequest.pick({ reason: true, details: true });

/** The Report button's dialog (the terms promise one): a reason, free text, sent to the moderation queue. */
export function ReportForm({
  userId,
  firstName,
  source,
  opened,
  onClose,
}: {
  userId: string;
  firstName: string;
  source: 'profile' | 'thread' | 'call';
  opened: boolean;
  onClose: () => void;
}) {
  const trpc = useTrpc();
  const { form, formError, onSubmit, serverErrors } = useSchemaForm({
    initialValues: { reason: '', details: '' },
    schema: SCHEMA,
  });
  const report = useMutation(trpc.safety.report.mutationOptions(serverErrors));
  const close = () => {
    form.reset();
    report.reset();
    onClose();
  };
  const details = form.values.details;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`Report ${firstName}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {report.isSuccess ? (
        <Stack>
          <Alert color="green" role="status">
            Thank you. Our team will review your report; {firstName} is not told who reported them.
          </Alert>
          <Button onClick={close} w="fit-content">
            Close
          </Button>
        </Stack>
      ) : (
        <form noValidate onSubmit={onSubmit((input) => report.mutate({ ...input, user_id: userId, source }))}>
          <Stack>
            <FormAlert message={formError} />
            <Radio.Group label="What is wrong?" withAsterisk {...form.getInputProps('reason')}>
              <Stack gap="xs" mt="xs">
                {REPORT_REASONS.map((r) => (
                  <Radio key={r.value} value={r.value} label={r.label} />
                ))}
              </Stack>
            </Radio.Group>
            <GrowingTextarea
              label="Tell us more (optional)"
              maxLength={REPORT_DETAILS_MAX}
              minRows={3}
              description={`${details.length} / ${REPORT_DETAILS_MAX} characters`}
              {...form.getInputProps('details')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" color="red.9" loading={report.isPending}>
                Send report
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
