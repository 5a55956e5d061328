import { answerCall } from '@rhema/core';
import { ZCallAnswerRequest, ZCallDone } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** The callee accepts or declines a ringing call. */
export const answerCallProcedure = authenticatedProcedure
  .input(ZCallAnswerRequest)
  .output(ZCallDone)
  .mutation(async ({ ctx, input }) => ({
    call: await answerCall({
      ...useCaseDeps(ctx),
      userId: ctx.user.id,
      callId: input.call_id,
      accept: input.accept,
    }),
  }));
