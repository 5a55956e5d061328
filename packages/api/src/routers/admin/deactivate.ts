import { setIntroductionActive, viewerOf } from '@rhema/core';
import { ZAdminIntroduction, ZIntroductionIdRequest } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { staffProcedure } from '../../trpc';

/** PATCH admin/user-introductions/introduction/{id}/deactivate: idempotent ('Success' / 'DeActivated'). */
export const adminDeactivateProcedure = staffProcedure
  .input(ZIntroductionIdRequest)
  .output(ZAdminIntroduction)
  .mutation(({ ctx, input }) =>
    setIntroductionActive({
      ...useCaseDeps(ctx),
      viewer: viewerOf(ctx.user),
      staffId: ctx.user.id,
      id: input.id,
      active: false,
    }),
  );
