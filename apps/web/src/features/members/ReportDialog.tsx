import { Alert, Button, Group, Modal, Radio, Stack, Textarea } from '@mantine/core';
import { REPORT_DETAILS_MAX, REPORT_REASONS } from '@rhema/schemas';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { trpc } from '../../lib/trpc';
import { describeError } from '../../lib/forms';

/** The Report button's dialog (the terms promise one): a reason, free text, sent to the moderation queue. */
export function ReportDialog({
  userId,
  firstName,
  source,
  opened,
  onClose,
}: {
  userId: string;
  firstName: string;
  source: 'profile' | 'thread';
  opened: boolean;
  onClose: () => void;
}) {
  const [reason, setReason] = useState<string>('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const report = useMutation(
    trpc.safety.report.mutationOptions({
      meta: { showsOwnErrors: true },
      onError: (e) => setError(describeError(e, []).message),
    }),
  );
  const close = () => {
    setReason('');
    setDetails('');
    setError(null);
    report.reset();
    onClose();
  };
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
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!reason) return setError('Please choose a reason');
            setError(null);
            report.mutate({ user_id: userId, reason: reason as never, details, source });
          }}
        >
          <Stack>
            {error ? (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            ) : null}
            <Radio.Group label="What is wrong?" value={reason} onChange={setReason} required>
              <Stack gap="xs" mt="xs">
                {REPORT_REASONS.map((r) => (
                  <Radio key={r.value} value={r.value} label={r.label} />
                ))}
              </Stack>
            </Radio.Group>
            <Textarea
              label="Tell us more (optional)"
              maxLength={REPORT_DETAILS_MAX}
              autosize
              minRows={3}
              value={details}
              onChange={(event) => setDetails(event.currentTarget.value)}
              description={`${details.length} / ${REPORT_DETAILS_MAX} characters`}
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
