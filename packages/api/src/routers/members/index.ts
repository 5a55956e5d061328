import { getMember, listMembers } from '@rhema/core';
import { ZMemberList, ZMemberPage, ZMemberRequest, ZMembersListRequest } from '@rhema/schemas';
import { authenticatedProcedure, router } from '../../trpc';

export const membersRouter = router({
  list: authenticatedProcedure
    .input(ZMembersListRequest)
    .output(ZMemberList)
    .query(({ ctx, input }) =>
      listMembers({ db: ctx.db, userId: ctx.user.id, filters: input, now: ctx.now() }),
    ),
  get: authenticatedProcedure
    .input(ZMemberRequest)
    .output(ZMemberPage)
    .query(({ ctx, input }) =>
      getMember({ db: ctx.db, userId: ctx.user.id, memberId: input.id, now: ctx.now() }),
    ),
});
