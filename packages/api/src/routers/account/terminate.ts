import { terminateAccount } from '@rhema/core';
import { ZOkResponse, ZTerminateAccountRequest } from '@rhema/schemas';
import { authenticatedProcedure } from '../../trpc';
import { useCaseDeps } from '../../deps';

export const terminateAccountProcedure = authenticatedProcedure
  .input(ZTerminateAccountRequest)
  .output(ZOkResponse)
  .mutation(async ({ ctx, input }) => {
    await terminateAccount({
      ...useCaseDeps(ctx),
      input: { userId: ctx.user.id, password: input.password },
    });
    ctx.sessionCookies?.clear();
    return { ok: true as const };
  });
