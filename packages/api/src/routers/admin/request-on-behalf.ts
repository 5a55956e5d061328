import { requestOnBehalf, viewerOf } from '@rhema/core';
import { ZAdminRequestOnBehalf, ZAdminRequestOnBehalfResult } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { staffProcedure } from '../../trpc';

/** The detail screen's request box: a request for the member with this code ('Introduction Request sent. Thanks.'). */
export const adminRequestOnBehalfProcedure = staffProcedure
  .input(ZAdminRequestOnBehalf)
  .output(ZAdminRequestOnBehalfResult)
  .mutation(({ ctx, input }) =>
    requestOnBehalf({
      ...useCaseDeps(ctx),
      viewer: viewerOf(ctx.user),
      staffId: ctx.user.id,
      id: input.id,
      code: input.code,
      message: input.message,
    }),
  );
