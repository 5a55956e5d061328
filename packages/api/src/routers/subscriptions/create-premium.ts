import { createPremium } from '@rhema/core';
import { ZCreatePremiumRequest, ZSubscription } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/**
 * POST user-subscriptions/premium: a pending premium for one match at the configured price; answers it (its `_id`,
 * and `payment.checkout_url` where a hosted checkout takes the payment).
 */
export const createPremiumProcedure = authenticatedProcedure
  .input(ZCreatePremiumRequest)
  .output(ZSubscription)
  .mutation(({ ctx, input }) =>
    createPremium({
      ...useCaseDeps(ctx),
      userId: ctx.user.id,
      matchId: input.matchId,
      provider: ctx.payments,
      price: ctx.premiumPrice,
      returnUrl: (subscriptionId) =>
        `${ctx.linkOrigin}/account/user/${ctx.user.id}/match/${input.matchId}/sub/${subscriptionId}/premium`,
    }),
  );
