import { declineMatchRequest, viewerOf } from '@rhema/core';
import { ZAdminMatchRequest, ZAdminMatchRequestDecline } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { staffProcedure } from '../../trpc';

/** Declines a member's request with a note they read on their introductions page. */
export const adminDeclineRequestProcedure = staffProcedure
  .input(ZAdminMatchRequestDecline)
  .output(ZAdminMatchRequest)
  .mutation(({ ctx, input }) =>
    declineMatchRequest({
      ...useCaseDeps(ctx),
      viewer: viewerOf(ctx.user),
      staffId: ctx.user.id,
      requestId: input.request_id,
      note: input.note,
    }),
  );
