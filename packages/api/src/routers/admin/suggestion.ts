import { addIntroductionCode, viewerOf } from '@rhema/core';
import { ZAdminIntroduction, ZAdminSuggestionRequest } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { staffProcedure } from '../../trpc';

/** POST admin/user-introductions/introduction/{id}/suggestion {code} ('Success' / 'Code added'). */
export const adminSuggestionProcedure = staffProcedure
  .input(ZAdminSuggestionRequest)
  .output(ZAdminIntroduction)
  .mutation(({ ctx, input }) =>
    addIntroductionCode({
      ...useCaseDeps(ctx),
      viewer: viewerOf(ctx.user),
      staffId: ctx.user.id,
      id: input.id,
      code: input.code,
    }),
  );
