import { getStaffMemberView, viewerOf } from '@rhema/core';
import { ZAdminMemberView, ZUserIdRequest } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { staffProcedure } from '../../trpc';

/** GET admin/users/{userId}: the member as a user. */
export const adminMemberProcedure = staffProcedure
  .input(ZUserIdRequest)
  .output(ZAdminMemberView)
  .query(({ ctx, input }) =>
    getStaffMemberView({ ...useCaseDeps(ctx), viewer: viewerOf(ctx.user), userId: input.userId }),
  );
