import { getMySubscription } from '@rhema/core';
import { ZSubscription, ZSubscriptionByIdRequest } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** The premium screen: one of the member's own subscriptions, its state and how to complete the payment. */
export const subscriptionByIdProcedure = authenticatedProcedure
  .input(ZSubscriptionByIdRequest)
  .output(ZSubscription)
  .query(({ ctx, input }) =>
    getMySubscription({ ...useCaseDeps(ctx), userId: ctx.user.id, subscriptionId: input.subscriptionId }),
  );
