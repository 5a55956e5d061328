import { requestPublicIntroduction } from '@rhema/core';
import { ZIntroductionRequestResult, ZPublicIntroductionRequest } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** POST user-introductions/{id}/request: 'I am interested in {first name}', one per member and introduction. */
export const requestPublicIntroductionProcedure = authenticatedProcedure
  .input(ZPublicIntroductionRequest)
  .output(ZIntroductionRequestResult)
  .mutation(({ ctx, input }) =>
    requestPublicIntroduction({
      ...useCaseDeps(ctx),
      userId: ctx.user.id,
      role: ctx.user.role,
      introductionId: input.id,
      message: input.message,
    }),
  );
