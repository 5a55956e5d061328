import { terminateAccount } from '@rhema/core';
import { ZOkResponse, ZTerminateAccountRequest } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

export const terminateAccountProcedure = authenticatedProcedure
  .input(ZTerminateAccountRequest)
  .output(ZOkResponse)
  .mutation(async ({ ctx, input }) => {
    // the photo files go once the rows did (read under the erase's lock on the member, so an upload that
    // committed first is among them and one still running finds no member and removes its own file)
    const { photoKeys } = await terminateAccount({
      ...useCaseDeps(ctx),
      input: { userId: ctx.user.id, password: input.password },
    });
    await Promise.all(photoKeys.map((key) => ctx.photoStore?.remove(key)));
    ctx.sessionCookies?.clear();
    return { ok: true as const };
  });
