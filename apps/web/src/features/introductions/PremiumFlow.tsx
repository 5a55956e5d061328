import { Button, Group, Modal, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { trpc } from '../../lib/trpc';

/**
 * The premium flow the spec raises on a 417 (section 8, no error message): requesting an introduction needs premium
 * for that match (docs/decisions/070). Going on creates the pending subscription (POST user-subscriptions/premium)
 * and opens the premium screen, which says how to pay.
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
  const navigate = useNavigate();
  const create = useMutation(
    trpc.subscriptions.createPremium.mutationOptions({
      onSuccess: async (subscription) => {
        onClose();
        await navigate({
          to: '/account/user/$userId/match/$matchId/sub/$subscriptionId/premium',
          params: { userId, matchId, subscriptionId: subscription._id },
        });
      },
      onError: onClose,
    }),
  );
  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title="Premium for this introduction"
      centered
    >
      <Text>
        Requesting an introduction is part of Rhema Premium, taken for one match. Accepting or rejecting an
        introduction stays free. Once your payment is confirmed, you can send your request.
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
