import { answerFriendRequest } from '@rhema/core';
import { ZFriendRequest, ZFriendRequestAction } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

export const acceptFriendRequestProcedure = authenticatedProcedure
  .input(ZFriendRequestAction)
  .output(ZFriendRequest)
  .mutation(({ ctx, input }) =>
    answerFriendRequest({
      ...useCaseDeps(ctx),
      userId: ctx.user.id,
      requestId: input.request_id,
      answer: 'accept',
    }),
  );
