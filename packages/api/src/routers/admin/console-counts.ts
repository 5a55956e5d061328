import { getConsoleCounts } from '@rhema/core';
import { ZConsoleCounts } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { staffProcedure } from '../../trpc';

/** The console sidebar's numbers: requests waiting, reports open. */
export const adminConsoleCountsProcedure = staffProcedure
  .output(ZConsoleCounts)
  .query(({ ctx }) => getConsoleCounts(useCaseDeps(ctx)));
