import { endCall } from '@rhema/core';
import { ZCallDone, ZCallRequest } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** Hangs up (or gives up ringing, or declines); the other party is told. Ending an ended call changes nothing. */
export const endCallProcedure = authenticatedProcedure
  .input(ZCallRequest)
  .output(ZCallDone)
  .mutation(async ({ ctx, input }) => ({
    call: await endCall({ ...useCaseDeps(ctx), userId: ctx.user.id, callId: input.call_id }),
  }));
