import { introduceFromMatchRequest, viewerOf } from '@rhema/core';
import { ZAdminMatchRequest, ZAdminMatchRequestIntroduce } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { staffProcedure } from '../../trpc';

/**
 * "Create the introduction with this match": the asker's introduction, pre-matched with the member they chose and
 * switched on (unless `activate: false`).
 */
export const adminIntroduceRequestProcedure = staffProcedure
  .input(ZAdminMatchRequestIntroduce)
  .output(ZAdminMatchRequest)
  .mutation(({ ctx, input }) =>
    introduceFromMatchRequest({
      ...useCaseDeps(ctx),
      viewer: viewerOf(ctx.user),
      staffId: ctx.user.id,
      requestId: input.request_id,
      activate: input.activate,
    }),
  );
