import { Button, Group, Stack, Text } from '@mantine/core';
import { Modal } from '../../components/overlays';

/**
 * Confirms a block and says what it does (docs/security.md, F12): both members disappear
 * from each other's lists, requests, introductions and messages, the friendship ends, the other is not told.
 */
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
      <Stack gap="xs">
        <Text>{firstName} can no longer message you or send you a friend request.</Text>
        <Text>
          You will no longer see each other in the members list, friend requests, introductions or messages:
          your conversation closes for both of you, and any friendship or request between you ends.
        </Text>
        <Text>{firstName} is not told. You can unblock later on your friends page.</Text>
      </Stack>
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
