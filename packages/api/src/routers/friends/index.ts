import { answerFriendRequest, getFriendQuota, getFriends, sendFriendRequest } from '@rhema/core';
import {
  ZFriendQuota,
  ZFriendRequest,
  ZFriendRequestAction,
  ZFriendSendRequest,
  ZFriendSendResult,
  ZFriendsOverview,
} from '@rhema/schemas';
import { z } from 'zod';
import { authenticatedProcedure, router } from '../../trpc';

const answer = (kind: 'accept' | 'decline' | 'cancel') =>
  authenticatedProcedure
    .input(ZFriendRequestAction)
    .output(ZFriendRequest)
    .mutation(({ ctx, input }) =>
      answerFriendRequest({
        db: ctx.db,
        userId: ctx.user.id,
        requestId: input.request_id,
        answer: kind,
        now: ctx.now(),
      }),
    );

export const friendsRouter = router({
  overview: authenticatedProcedure
    .input(z.object({}).optional())
    .output(ZFriendsOverview)
    .query(async ({ ctx }) => {
      const [lists, quota] = await Promise.all([
        getFriends({ db: ctx.db, userId: ctx.user.id, now: ctx.now() }),
        getFriendQuota({ db: ctx.db, userId: ctx.user.id, now: ctx.now() }),
      ]);
      return { ...lists, quota };
    }),
  quota: authenticatedProcedure
    .input(z.object({}).optional())
    .output(ZFriendQuota)
    .query(({ ctx }) => getFriendQuota({ db: ctx.db, userId: ctx.user.id, now: ctx.now() })),
  send: authenticatedProcedure
    .input(ZFriendSendRequest)
    .output(ZFriendSendResult)
    .mutation(({ ctx, input }) =>
      sendFriendRequest({ db: ctx.db, userId: ctx.user.id, targetId: input.user_id, now: ctx.now() }),
    ),
  accept: answer('accept'),
  decline: answer('decline'),
  cancel: answer('cancel'),
});
