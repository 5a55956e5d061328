import { getMyIntroduction } from '@rhema/core';
import { ZIntroduction, ZIntroductionByIdRequest } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** GET user-introductions/introduction/list/{matchId}: one introduction, its parties only. */
export const introductionByMatchIdProcedure = authenticatedProcedure
  .input(ZIntroductionByIdRequest)
  .output(ZIntroduction)
  .query(({ ctx, input }) =>
    getMyIntroduction({ ...useCaseDeps(ctx), userId: ctx.user.id, matchId: input.matchId }),
  );
