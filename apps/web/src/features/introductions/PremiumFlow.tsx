import { Button, Group, Text } from '@mantine/core';
import { Modal } from '../../components/overlays';
import { PremiumOffer } from './PremiumOffer';
import { useGetPremium } from './use-get-premium';

/**
 * The premium flow a 417 opens (no error message is shown): requesting an introduction needs premium
 * for that match (docs/decisions/070). Going on creates the pending subscription and opens the checkout or the
 * premium screen (./use-get-premium.ts).
 */
export default function PremiumFlow({
  matchId,
  userId,
  onClose,
}: {
  matchId: string;
  userId: string;
  onClose: () => void;
}) {
  const create = useGetPremium({ userId, matchId, onDone: onClose });
  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title="Premium for this introduction"
      centered
    >
      <PremiumOffer />
      <Text mt="sm" fz="sm">
        Once your payment is confirmed, you can send your request: the message you wrote is kept until then.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Not now
        </Button>
        <Button loading={create.isPending} onClick={() => create.mutate({ matchId })} data-autofocus>
          Get premium
        </Button>
      </Group>
    </Modal>
  );
}
