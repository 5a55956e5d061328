import { confirmRegistration, startRegistration } from '@rhema/core';
import { ZLoginResponse, ZRegisterConfirmRequest, ZRegisterRequest, ZRegisterStarted } from '@rhema/schemas';
import { publicProcedure } from '../../trpc';
import { deliverSession, useCaseDeps } from '../../deps';

/** Sign-up, step 1: the same answer for every address; a code (or, for a taken address, a notice) is mailed. */
export const registerProcedure = publicProcedure
  .input(ZRegisterRequest)
  .output(ZRegisterStarted)
  .mutation(({ ctx, input }) => startRegistration({ ...useCaseDeps(ctx), input }));

/** Sign-up, step 2: the mailed code creates the account and signs it in. */
export const confirmRegistrationProcedure = publicProcedure
  .input(ZRegisterConfirmRequest)
  .output(ZLoginResponse)
  .mutation(async ({ ctx, input }) =>
    deliverSession(ctx, await confirmRegistration({ ...useCaseDeps(ctx), input })),
  );
