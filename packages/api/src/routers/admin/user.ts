import { getStaffUserView, viewerOf } from '@rhema/core';
import { ZAdminUserView, ZUserIdRequest } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { staffProcedure } from '../../trpc';

/** GET admin/user-introductions/{userId}: the user view (profile with data_ fields, updated_user, introductions). */
export const adminUserProcedure = staffProcedure
  .input(ZUserIdRequest)
  .output(ZAdminUserView)
  .query(({ ctx, input }) =>
    getStaffUserView({ ...useCaseDeps(ctx), viewer: viewerOf(ctx.user), userId: input.userId }),
  );
