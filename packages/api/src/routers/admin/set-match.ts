import { setIntroductionMatch, viewerOf } from '@rhema/core';
import { ZAdminIntroduction, ZAdminSetMatchRequest } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { staffProcedure } from '../../trpc';

/** PATCH admin/user-introductions/introduction/{id}/match {code} or {user_id}: pairs the owner with a member. */
export const adminSetMatchProcedure = staffProcedure
  .input(ZAdminSetMatchRequest)
  .output(ZAdminIntroduction)
  .mutation(({ ctx, input }) =>
    setIntroductionMatch({
      ...useCaseDeps(ctx),
      viewer: viewerOf(ctx.user),
      staffId: ctx.user.id,
      id: input.id,
      code: input.code,
      userId: input.user_id,
    }),
  );
