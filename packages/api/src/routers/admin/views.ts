import {
  getStaffIntroductionDetail,
  getStaffMemberView,
  getStaffUserIntroductions,
  getStaffUserView,
  viewerOf,
} from '@rhema/core';
import {
  ZAdminIntroductionDetail,
  ZAdminMemberView,
  ZAdminUserIntroductions,
  ZAdminUserView,
  ZUserIdRequest,
} from '@rhema/schemas';
import { staffProcedure } from '../../trpc';

/** GET admin/user-introductions/{userId}: the user view (profile with data_ fields, updated_user, introductions). */
export const adminUserProcedure = staffProcedure
  .input(ZUserIdRequest)
  .output(ZAdminUserView)
  .query(({ ctx, input }) =>
    getStaffUserView({ db: ctx.db, now: ctx.now(), viewer: viewerOf(ctx.user), userId: input.userId }),
  );

/** GET admin/user-introductions/owner/{userId}: the owner view (the same record; the screen registers on it). */
export const adminOwnerProcedure = adminUserProcedure;

/** GET admin/users/{userId}: the member as a user. */
export const adminMemberProcedure = staffProcedure
  .input(ZUserIdRequest)
  .output(ZAdminMemberView)
  .query(({ ctx, input }) =>
    getStaffMemberView({ db: ctx.db, now: ctx.now(), viewer: viewerOf(ctx.user), userId: input.userId }),
  );

/** GET admin/user-introductions/introduction/list/{userId}: the member's introduction and its requests. */
export const adminIntroductionDetailProcedure = staffProcedure
  .input(ZUserIdRequest)
  .output(ZAdminIntroductionDetail)
  .query(({ ctx, input }) =>
    getStaffIntroductionDetail({
      db: ctx.db,
      now: ctx.now(),
      viewer: viewerOf(ctx.user),
      userId: input.userId,
    }),
  );

/** A member's introductions with their history from the audit log (/admin21/users/{id}/introductions). */
export const adminUserIntroductionsProcedure = staffProcedure
  .input(ZUserIdRequest)
  .output(ZAdminUserIntroductions)
  .query(({ ctx, input }) =>
    getStaffUserIntroductions({
      db: ctx.db,
      now: ctx.now(),
      viewer: viewerOf(ctx.user),
      userId: input.userId,
    }),
  );
