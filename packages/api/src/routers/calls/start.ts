import { startCall } from '@rhema/core';
import { ZCallDone, ZCallStartRequest } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** Rings a member one may message (anyone else: the unknown member's 404). */
export const startCallProcedure = authenticatedProcedure
  .input(ZCallStartRequest)
  .output(ZCallDone)
  .mutation(async ({ ctx, input }) => ({
    call: await startCall({ ...useCaseDeps(ctx), userId: ctx.user.id, otherId: input.user_id }),
  }));
