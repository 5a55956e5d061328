import { actOnIntroduction } from '@rhema/core';
import { ZIntroduction, ZIntroductionRejectRequest } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** PATCH user-introductions/{matchId}/reject: empty body; answers the updated introduction. */
export const rejectIntroductionProcedure = authenticatedProcedure
  .input(ZIntroductionRejectRequest)
  .output(ZIntroduction)
  .mutation(({ ctx, input }) =>
    actOnIntroduction({
      ...useCaseDeps(ctx),
      userId: ctx.user.id,
      matchId: input.matchId,
      action: 'reject',
    }),
  );
