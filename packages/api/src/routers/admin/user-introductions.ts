import { getStaffUserIntroductions, viewerOf } from '@rhema/core';
import { ZAdminUserIntroductions, ZUserIdRequest } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { staffProcedure } from '../../trpc';

/** A member's introductions with their history from the audit log (/admin21/users/{id}/introductions). */
export const adminUserIntroductionsProcedure = staffProcedure
  .input(ZUserIdRequest)
  .output(ZAdminUserIntroductions)
  .query(({ ctx, input }) =>
    getStaffUserIntroductions({ ...useCaseDeps(ctx), viewer: viewerOf(ctx.user), userId: input.userId }),
  );
