import { confirmPremium } from '@rhema/core';
import { ZSubscription, ZSubscriptionByIdRequest } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { staffProcedure } from '../../trpc';

/** Staff confirm a premium's payment: pending -> active, idempotent, audited (docs/decisions/070). */
export const confirmSubscriptionProcedure = staffProcedure
  .input(ZSubscriptionByIdRequest)
  .output(ZSubscription)
  .mutation(({ ctx, input }) =>
    confirmPremium({
      ...useCaseDeps(ctx),
      subscriptionId: input.subscriptionId,
      confirmedBy: ctx.user.id,
      via: 'staff',
    }),
  );
