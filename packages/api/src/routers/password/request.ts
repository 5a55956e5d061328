import { requestPasswordReset } from '@rhema/core';
import { ZPasswordResetRequestRequest, ZPasswordResetRequestResponse } from '@rhema/schemas';
import { publicProcedure } from '../../trpc';
import { useCaseDeps } from '../../deps';

export const requestPasswordResetProcedure = publicProcedure
  .input(ZPasswordResetRequestRequest)
  .output(ZPasswordResetRequestResponse)
  .mutation(({ ctx, input }) => requestPasswordReset({ ...useCaseDeps(ctx), input }));
