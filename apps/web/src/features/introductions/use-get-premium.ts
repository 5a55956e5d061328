import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTrpc } from '../../lib/use-trpc';

/**
 * "Get premium": creates the pending subscription (POST user-subscriptions/premium), then opens the provider's hosted
 * checkout where one takes the payment (it sends the member back to the premium screen), else the premium screen,
 * which says how to pay by bank transfer.
 */
export function useGetPremium({
  userId,
  matchId,
  onDone,
}: {
  userId: string;
  matchId: string;
  onDone: () => void;
}) {
  const trpc = useTrpc();
  const navigate = useNavigate();
  return useMutation(
    trpc.subscriptions.createPremium.mutationOptions({
      onSuccess: async (subscription) => {
        if (subscription.payment.checkout_url) {
          window.location.assign(subscription.payment.checkout_url);
          return;
        }
        onDone();
        await navigate({
          to: '/account/user/$userId/match/$matchId/sub/$subscriptionId/premium',
          params: { userId, matchId, subscriptionId: subscription._id },
        });
      },
      onError: onDone,
    }),
  );
}
