import { updateProfile } from '@rhema/core';
import { ZProfileEditor, ZProfileUpdate } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

export const updateProfileProcedure = authenticatedProcedure
  .input(ZProfileUpdate)
  .output(ZProfileEditor)
  .mutation(({ ctx, input }) => updateProfile({ ...useCaseDeps(ctx), userId: ctx.user.id, input }));
