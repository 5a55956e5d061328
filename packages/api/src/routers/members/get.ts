import { getMember } from '@rhema/core';
import { ZMemberPage, ZMemberRequest } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

export const getMemberProcedure = authenticatedProcedure
  .input(ZMemberRequest)
  .output(ZMemberPage)
  .query(({ ctx, input }) => getMember({ ...useCaseDeps(ctx), userId: ctx.user.id, memberId: input.id }));
