import { AppError, announceTyping } from '@rhema/core';
import { ZTypingRequest } from '@rhema/schemas';
import { z } from 'zod';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** "I am typing" to a member one may message: handed to their live streams (messages.live), never stored. */
export const typingProcedure = authenticatedProcedure
  .input(ZTypingRequest)
  .output(z.object({}))
  .mutation(async ({ ctx, input }) => {
    const hub = ctx.messageHub;
    if (!hub) throw new AppError('UNAVAILABLE', 'Live messages are not available.');
    await announceTyping({ ...useCaseDeps(ctx), hub, userId: ctx.user.id, otherId: input.user_id });
    return {};
  });
