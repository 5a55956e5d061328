import { revokeVerification } from '@rhema/core';
import { ZRevokeVerificationRequest, ZVerification } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { staffProcedure } from '../../trpc';

/** Staff revoke a member's verification with a reason (audited); the badge goes at once. */
export const revokeVerificationProcedure = staffProcedure
  .input(ZRevokeVerificationRequest)
  .output(ZVerification)
  .mutation(({ ctx, input }) =>
    revokeVerification({
      ...useCaseDeps(ctx),
      staffId: ctx.user.id,
      userId: input.userId,
      reason: input.reason,
    }),
  );
