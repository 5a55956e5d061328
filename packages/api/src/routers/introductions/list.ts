import { listMyIntroductions } from '@rhema/core';
import { ZIntroductionList } from '@rhema/schemas';
import { z } from 'zod';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure, syncOutput } from '../../trpc';

/** GET user-introductions: the member's own introductions and those addressed to them. */
export const listIntroductionsProcedure = authenticatedProcedure
  .input(z.object({}).optional())
  .output(syncOutput(ZIntroductionList))
  .query(({ ctx }) => listMyIntroductions({ ...useCaseDeps(ctx), userId: ctx.user.id }));
