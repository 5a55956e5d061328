import { getThread, listConversations, sendMessage } from '@rhema/core';
import { ZConversations, ZMessage, ZSendMessageRequest, ZThread, ZThreadRequest } from '@rhema/schemas';
import { z } from 'zod';
import { authenticatedProcedure, router } from '../../trpc';

export const messagesRouter = router({
  conversations: authenticatedProcedure
    .input(z.object({}).optional())
    .output(ZConversations)
    .query(({ ctx }) => listConversations({ db: ctx.db, userId: ctx.user.id, now: ctx.now() })),
  thread: authenticatedProcedure
    .input(ZThreadRequest)
    .output(ZThread)
    .query(({ ctx, input }) =>
      getThread({
        db: ctx.db,
        userId: ctx.user.id,
        otherId: input.user_id,
        before: input.before,
        now: ctx.now(),
      }),
    ),
  send: authenticatedProcedure
    .input(ZSendMessageRequest)
    .output(ZMessage)
    .mutation(({ ctx, input }) =>
      sendMessage({
        db: ctx.db,
        userId: ctx.user.id,
        otherId: input.user_id,
        body: input.body,
        now: ctx.now(),
      }),
    ),
});
