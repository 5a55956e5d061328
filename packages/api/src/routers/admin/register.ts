import { registerIntroduction, viewerOf } from '@rhema/core';
import { ZAdminIntroduction, ZAdminRegisterRequest } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { staffProcedure } from '../../trpc';

/** POST admin/user-introductions/introduction/register/{id}: 'Create introduction' for the owner `userId`. */
export const adminRegisterProcedure = staffProcedure
  .input(ZAdminRegisterRequest)
  .output(ZAdminIntroduction)
  .mutation(({ ctx, input }) => {
    const { userId, ...form } = input;
    return registerIntroduction({
      ...useCaseDeps(ctx),
      viewer: viewerOf(ctx.user),
      staffId: ctx.user.id,
      ownerId: userId,
      form,
    });
  });
