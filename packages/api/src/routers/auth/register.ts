import { registerMember } from '@rhema/core';
import { ZLoginResponse, ZRegisterRequest } from '@rhema/schemas';
import { publicProcedure } from '../../trpc';
import { deliverSession, useCaseDeps } from '../../deps';

export const registerProcedure = publicProcedure
  .input(ZRegisterRequest)
  .output(ZLoginResponse)
  .mutation(async ({ ctx, input }) =>
    deliverSession(ctx, await registerMember({ ...useCaseDeps(ctx), input })),
  );
