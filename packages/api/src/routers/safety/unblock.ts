import { unblockMember } from '@rhema/core';
import { ZBlockRequest, ZBlockResult } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

export const unblockMemberProcedure = authenticatedProcedure
  .input(ZBlockRequest)
  .output(ZBlockResult)
  .mutation(({ ctx, input }) =>
    unblockMember({ ...useCaseDeps(ctx), userId: ctx.user.id, targetId: input.user_id }),
  );
