import { confirmRegistration } from '@rhema/core';
import { ZLoginResponse, ZRegisterConfirmRequest } from '@rhema/schemas';
import { deliverSession, useCaseDeps } from '../../deps';
import { publicProcedure } from '../../trpc';

/** Sign-up, step 2: the mailed code creates the account and signs it in. */
export const confirmRegistrationProcedure = publicProcedure
  .input(ZRegisterConfirmRequest)
  .output(ZLoginResponse)
  .mutation(async ({ ctx, input }) =>
    deliverSession(ctx, await confirmRegistration({ ...useCaseDeps(ctx), input })),
  );
