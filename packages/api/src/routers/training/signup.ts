import { signUpForTraining } from '@rhema/core';
import { ZTrainingSignupRequest, ZTrainingSignupResponse } from '@rhema/schemas';
import { publicProcedure } from '../../trpc';

/** The /training page's early-signup form. */
export const trainingSignupProcedure = publicProcedure
  .input(ZTrainingSignupRequest)
  .output(ZTrainingSignupResponse)
  .mutation(({ ctx, input }) =>
    signUpForTraining({
      db: ctx.db,
      rateLimitStore: ctx.rateLimitStore,
      now: ctx.now(),
      ip: ctx.ip,
      signup: input,
    }),
  );
