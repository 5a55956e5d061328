import { heartbeatCall } from '@rhema/core';
import { ZCallDone, ZCallRequest } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** The call page is still there (a call both pages fell silent on ends by itself); answers the call as it is. */
export const heartbeatCallProcedure = authenticatedProcedure
  .input(ZCallRequest)
  .output(ZCallDone)
  .mutation(async ({ ctx, input }) => ({
    call: await heartbeatCall({ ...useCaseDeps(ctx), userId: ctx.user.id, callId: input.call_id }),
  }));
