import { getStaffUserView, viewerOf } from '@rhema/core';
import { ZAdminUserView, ZUserIdRequest } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { staffProcedure } from '../../trpc';

/** GET admin/user-introductions/owner/{userId}: the owner view (the user view's record; the screen registers on it). */
export const adminOwnerProcedure = staffProcedure
  .input(ZUserIdRequest)
  .output(ZAdminUserView)
  .query(({ ctx, input }) =>
    getStaffUserView({ ...useCaseDeps(ctx), viewer: viewerOf(ctx.user), userId: input.userId }),
  );
