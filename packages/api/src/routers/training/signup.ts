import { signUpForTraining } from '@rhema/core';
import { ZTrainingSignupRequest, ZTrainingSignupResponse } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { publicProcedure } from '../../trpc';

/** The /training page's early-signup form. */
export const trainingSignupProcedure = publicProcedure
  .input(ZTrainingSignupRequest)
  .output(ZTrainingSignupResponse)
  .mutation(({ ctx, input }) => signUpForTraining({ ...useCaseDeps(ctx), signup: input }));
