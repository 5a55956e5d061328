import { Button, Group, Modal, Text } from '@mantine/core';

/** Confirms a block: both members disappear from each other's lists, requests and messages. */
export function BlockDialog({
  firstName,
  opened,
  pending,
  onConfirm,
  onClose,
}: {
  firstName: string;
  opened: boolean;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Block ${firstName}?`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Text>
        You will no longer see each other in the members list, friend requests or messages. Any friendship or
        request between you ends. You can unblock later in your friends page.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color="red.9" loading={pending} onClick={onConfirm}>
          Block
        </Button>
      </Group>
    </Modal>
  );
}
