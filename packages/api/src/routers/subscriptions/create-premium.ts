import { createPremium } from '@rhema/core';
import { ZCreatePremiumRequest, ZSubscription } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** POST user-subscriptions/premium: a pending premium for one match; answers it (its `_id`). */
export const createPremiumProcedure = authenticatedProcedure
  .input(ZCreatePremiumRequest)
  .output(ZSubscription)
  .mutation(({ ctx, input }) =>
    createPremium({ ...useCaseDeps(ctx), userId: ctx.user.id, matchId: input.matchId }),
  );
