import { getProfileEditor } from '@rhema/core';
import { ZProfileEditor } from '@rhema/schemas';
import { z } from 'zod';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** Profile editing at /account/profile: the form's values and choices. */
export const profileEditorProcedure = authenticatedProcedure
  .input(z.object({}).optional())
  .output(ZProfileEditor)
  .query(({ ctx }) => getProfileEditor({ ...useCaseDeps(ctx), userId: ctx.user.id }));
