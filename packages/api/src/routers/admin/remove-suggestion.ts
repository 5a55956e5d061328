import { removeIntroductionCode, viewerOf } from '@rhema/core';
import { ZAdminIntroduction, ZAdminRemoveSuggestionRequest } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { staffProcedure } from '../../trpc';

/** DELETE admin/user-introductions/introduction/{id}/suggestion/{code} ('Success' / 'Code removed'). */
export const adminRemoveSuggestionProcedure = staffProcedure
  .input(ZAdminRemoveSuggestionRequest)
  .output(ZAdminIntroduction)
  .mutation(({ ctx, input }) =>
    removeIntroductionCode({
      ...useCaseDeps(ctx),
      viewer: viewerOf(ctx.user),
      staffId: ctx.user.id,
      id: input.id,
      code: input.code,
    }),
  );
