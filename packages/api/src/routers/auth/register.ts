import { startRegistration } from '@rhema/core';
import { ZRegisterRequest, ZRegisterStarted } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { publicProcedure } from '../../trpc';

/** Sign-up, step 1: the same answer for every address; a code (or, for a taken address, a notice) is mailed. */
export const registerProcedure = publicProcedure
  .input(ZRegisterRequest)
  .output(ZRegisterStarted)
  .mutation(({ ctx, input }) => startRegistration({ ...useCaseDeps(ctx), input }));
