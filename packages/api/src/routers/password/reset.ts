import { resetPassword } from '@rhema/core';
import { ZOkResponse, ZPasswordResetRequest } from '@rhema/schemas';
import { publicProcedure } from '../../trpc';
import { useCaseDeps } from '../../deps';

export const resetPasswordProcedure = publicProcedure
  .input(ZPasswordResetRequest)
  .output(ZOkResponse)
  .mutation(async ({ ctx, input }) => {
    await resetPassword({ ...useCaseDeps(ctx), input });
    // every session of the account was revoked, this browser's included
    ctx.sessionCookies?.clear();
    return { ok: true as const };
  });
