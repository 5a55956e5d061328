import { getCallSession } from '@rhema/core';
import { ZCallRequest, ZCallSession } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** The call page's call and its ICE servers, with TURN credentials minted for this member now. */
export const sessionCallProcedure = authenticatedProcedure
  .input(ZCallRequest)
  .output(ZCallSession)
  .query(({ ctx, input }) =>
    getCallSession({ ...useCaseDeps(ctx), userId: ctx.user.id, callId: input.call_id, config: ctx.calls }),
  );
