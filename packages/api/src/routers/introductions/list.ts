import { listMyIntroductions } from '@rhema/core';
import { ZIntroductionList } from '@rhema/schemas';
import { z } from 'zod';
import { authenticatedProcedure } from '../../trpc';

/** GET user-introductions: the member's own introductions and those addressed to them. */
export const listIntroductionsProcedure = authenticatedProcedure
  .input(z.object({}).optional())
  .output(ZIntroductionList)
  .query(({ ctx }) => listMyIntroductions({ db: ctx.db, now: ctx.now(), userId: ctx.user.id }));
