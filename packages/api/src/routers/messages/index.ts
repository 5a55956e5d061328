import { AppError, getThread, listConversations, liveMessages, sendMessage } from '@rhema/core';
import { TRPCError, tracked } from '@trpc/server';
import { ERROR_MAP } from '../../errors';
import {
  ZConversations,
  ZLiveMessagesRequest,
  ZMessage,
  ZSendMessageRequest,
  ZThread,
  ZThreadRequest,
} from '@rhema/schemas';
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
  /**
   * New messages as they are written, over SSE (the web app's httpSubscriptionLink; GET /trpc/messages.live):
   * `ready`, then each message the member sent or received, each tracked with the stream's position so a client
   * that reconnects gets what it missed first (docs/decisions/081-live-messages.md).
   */
  live: authenticatedProcedure.input(ZLiveMessagesRequest).subscription(async function* ({
    ctx,
    input,
    signal,
  }) {
    const hub = ctx.messageHub;
    if (!hub)
      throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'Live messages are not available.' });
    try {
      for await (const { position, event } of liveMessages({
        db: ctx.db,
        hub,
        userId: ctx.user.id,
        sessionId: ctx.session.id,
        now: ctx.now,
        lastEventId: input?.lastEventId,
        ...(signal ? { signal } : {}),
      }))
        yield tracked(position, event);
    } catch (error) {
      // the middleware maps errors of the call; an error while streaming is mapped here
      if (error instanceof AppError)
        throw new TRPCError({ code: ERROR_MAP[error.code].trpc, message: error.message, cause: error });
      throw error;
    }
  }),
});
