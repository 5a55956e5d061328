import { photoStorageKeys, terminateAccount } from '@rhema/core';
import { ZOkResponse, ZTerminateAccountRequest } from '@rhema/schemas';
import { authenticatedProcedure } from '../../trpc';
import { useCaseDeps } from '../../deps';

export const terminateAccountProcedure = authenticatedProcedure
  .input(ZTerminateAccountRequest)
  .output(ZOkResponse)
  .mutation(async ({ ctx, input }) => {
    // the photo files go with the rows (the erase cascades to the photos table, not to the folder)
    const photoKeys = ctx.photoStore ? await photoStorageKeys({ db: ctx.db, userId: ctx.user.id }) : [];
    await terminateAccount({
      ...useCaseDeps(ctx),
      input: { userId: ctx.user.id, password: input.password },
    });
    await Promise.all(photoKeys.map((key) => ctx.photoStore?.remove(key)));
    ctx.sessionCookies?.clear();
    return { ok: true as const };
  });
