import { saveSearchPreferences } from '@rhema/core';
import { ZMemberSearchPreferences, ZSavedMemberSearchPreferences } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** Saves the members-list filters for the member's next visits, over the earlier ones ({} clears them). */
export const saveMemberPreferencesProcedure = authenticatedProcedure
  .input(ZMemberSearchPreferences)
  .output(ZSavedMemberSearchPreferences)
  .mutation(({ ctx, input }) =>
    saveSearchPreferences({ ...useCaseDeps(ctx), userId: ctx.user.id, preferences: input }),
  );
