import { getSearchPreferences } from '@rhema/core';
import { ZSavedMemberSearchPreferences } from '@rhema/schemas';
import { z } from 'zod';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** The members-list filters the member saved last: /members opens with them. */
export const memberPreferencesProcedure = authenticatedProcedure
  .input(z.object({}).optional())
  .output(ZSavedMemberSearchPreferences)
  .query(({ ctx }) => getSearchPreferences({ ...useCaseDeps(ctx), userId: ctx.user.id }));
