import { resetPassword } from '@rhema/core';
import { ZOkResponse, ZPasswordResetRequest } from '@rhema/schemas';
import { publicProcedure } from '../../trpc';
import { authDeps } from '../auth/deps';

export const resetPasswordProcedure = publicProcedure
  .input(ZPasswordResetRequest)
  .output(ZOkResponse)
  .mutation(async ({ ctx, input }) => {
    await resetPassword(authDeps(ctx), input);
    // every session of the account was revoked, this browser's included
    ctx.sessionCookies?.clear();
    return { ok: true as const };
  });
