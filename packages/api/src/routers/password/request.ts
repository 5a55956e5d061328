import { requestPasswordReset } from '@rhema/core';
import { ZPasswordResetRequestRequest, ZPasswordResetRequestResponse } from '@rhema/schemas';
import { publicProcedure } from '../../trpc';
import { authDeps } from '../auth/deps';

export const requestPasswordResetProcedure = publicProcedure
  .input(ZPasswordResetRequestRequest)
  .output(ZPasswordResetRequestResponse)
  .mutation(({ ctx, input }) => requestPasswordReset(authDeps(ctx), input));
