import { Button, Group, Text } from '@mantine/core';
import { Modal } from '../../components/overlays';

/** The console's success dialogs: 'Success' with the message and an OK button. */
export function SuccessDialog({ message, onClose }: { message: string | null; onClose: () => void }) {
  return (
    <Modal opened={message !== null} onClose={onClose} title="Success" centered>
      <Text>{message}</Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose}>OK</Button>
      </Group>
    </Modal>
  );
}
