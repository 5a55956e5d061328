import { sendFriendRequest } from '@rhema/core';
import { ZFriendSendRequest, ZFriendSendResult } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

export const sendFriendRequestProcedure = authenticatedProcedure
  .input(ZFriendSendRequest)
  .output(ZFriendSendResult)
  .mutation(({ ctx, input }) =>
    sendFriendRequest({ ...useCaseDeps(ctx), userId: ctx.user.id, targetId: input.user_id }),
  );
