import { changePassword } from '@rhema/core';
import { ZChangePasswordRequest, ZOkResponse } from '@rhema/schemas';
import { authenticatedProcedure } from '../../trpc';
import { useCaseDeps } from '../../deps';

export const changePasswordProcedure = authenticatedProcedure
  .input(ZChangePasswordRequest)
  .output(ZOkResponse)
  .mutation(async ({ ctx, input }) => {
    await changePassword({
      ...useCaseDeps(ctx),
      input: {
        userId: ctx.user.id,
        sessionId: ctx.session.id,
        currentPassword: input.current_password,
        newPassword: input.new_password,
      },
    });
    return { ok: true as const };
  });
