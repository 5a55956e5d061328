import { exportMyData } from '@rhema/core';
import { ZMyDataExport } from '@rhema/schemas';
import { z } from 'zod';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** "Download my data": a mutation so that it is never cached or prefetched. */
export const exportMyDataProcedure = authenticatedProcedure
  .input(z.object({}).optional())
  .output(ZMyDataExport)
  .mutation(({ ctx }) => exportMyData({ ...useCaseDeps(ctx), userId: ctx.user.id }));
