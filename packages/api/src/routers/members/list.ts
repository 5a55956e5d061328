import { listMembers } from '@rhema/core';
import { ZMemberList, ZMembersListRequest } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

export const listMembersProcedure = authenticatedProcedure
  .input(ZMembersListRequest)
  .output(ZMemberList)
  .query(({ ctx, input }) => listMembers({ ...useCaseDeps(ctx), userId: ctx.user.id, filters: input }));
