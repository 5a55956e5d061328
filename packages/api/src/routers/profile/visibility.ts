import { setProfileVisibility } from '@rhema/core';
import { ZVisibilityUpdate } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

export const setVisibilityProcedure = authenticatedProcedure
  .input(ZVisibilityUpdate)
  .output(ZVisibilityUpdate)
  .mutation(({ ctx, input }) => setProfileVisibility({ ...useCaseDeps(ctx), userId: ctx.user.id, input }));
