import { actOnIntroduction } from '@rhema/core';
import { ZIntroduction, ZIntroductionActionRequest } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** PATCH user-introductions/{matchId}/accept: `{ message }` (at most 250); answers the updated introduction. */
export const acceptIntroductionProcedure = authenticatedProcedure
  .input(ZIntroductionActionRequest)
  .output(ZIntroduction)
  .mutation(({ ctx, input }) =>
    actOnIntroduction({
      ...useCaseDeps(ctx),
      userId: ctx.user.id,
      matchId: input.matchId,
      action: 'accept',
      message: input.message,
    }),
  );
