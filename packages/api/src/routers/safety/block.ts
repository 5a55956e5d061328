import { blockMember } from '@rhema/core';
import { ZBlockRequest, ZBlockResult } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

export const blockMemberProcedure = authenticatedProcedure
  .input(ZBlockRequest)
  .output(ZBlockResult)
  .mutation(({ ctx, input }) =>
    blockMember({ ...useCaseDeps(ctx), userId: ctx.user.id, targetId: input.user_id }),
  );
