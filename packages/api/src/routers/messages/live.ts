import { AppError, liveMessages } from '@rhema/core';
import { ZLiveMessagesRequest } from '@rhema/schemas';
import { tracked } from '@trpc/server';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure, withAppErrors } from '../../trpc';

/**
 * New messages as they are written, over SSE (the web app's httpSubscriptionLink; GET /trpc/messages.live):
 * `ready`, then each message the member sent or received, each tracked with the stream's position so a client
 * that reconnects gets what it missed first (docs/decisions/086-live-messages-catch-up.md).
 */
export const liveMessagesProcedure = authenticatedProcedure
  .input(ZLiveMessagesRequest)
  .subscription(({ ctx, input, signal }) =>
    withAppErrors(
      (async function* () {
        const hub = ctx.messageHub;
        if (!hub) throw new AppError('UNAVAILABLE', 'Live messages are not available.');
        for await (const { position, event } of liveMessages({
          ...useCaseDeps(ctx),
          // the stream reads the clock at each event, not once
          now: ctx.now,
          hub,
          userId: ctx.user.id,
          sessionId: ctx.session.id,
          lastEventId: input?.lastEventId,
          notifications: input?.notifications,
          ...(signal ? { signal } : {}),
        }))
          yield tracked(position, event);
      })(),
    ),
  );
