import { getStaffIntroductionDetail, viewerOf } from '@rhema/core';
import { ZAdminIntroductionDetail, ZUserIdRequest } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { staffProcedure } from '../../trpc';

/** GET admin/user-introductions/introduction/list/{userId}: the member's introduction and its requests. */
export const adminIntroductionDetailProcedure = staffProcedure
  .input(ZUserIdRequest)
  .output(ZAdminIntroductionDetail)
  .query(({ ctx, input }) =>
    getStaffIntroductionDetail({ ...useCaseDeps(ctx), viewer: viewerOf(ctx.user), userId: input.userId }),
  );
