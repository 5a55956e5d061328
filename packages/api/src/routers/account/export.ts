import { exportMyData } from '@rhema/core';
import { ZMyDataExport } from '@rhema/schemas';
import { z } from 'zod';
import { authenticatedProcedure } from '../../trpc';

/** "Download my data": a mutation so that it is never cached or prefetched. */
export const exportMyDataProcedure = authenticatedProcedure
  .input(z.object({}).optional())
  .output(ZMyDataExport)
  .mutation(({ ctx }) => exportMyData({ db: ctx.db, userId: ctx.user.id, now: ctx.now() }));
