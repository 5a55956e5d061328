import { signalCall } from '@rhema/core';
import { ZCallSignalRequest } from '@rhema/schemas';
import { z } from 'zod';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** An offer, answer or ICE candidate for the other party of a call under way (never stored past the call). */
export const signalCallProcedure = authenticatedProcedure
  .input(ZCallSignalRequest)
  .output(z.object({}))
  .mutation(async ({ ctx, input }) => {
    await signalCall({ ...useCaseDeps(ctx), userId: ctx.user.id, signal: input });
    return {};
  });
