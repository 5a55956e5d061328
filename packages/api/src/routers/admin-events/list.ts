import { listEventsForStaff } from '@rhema/core';
import { ZAdminEventList } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { staffProcedure } from '../../trpc';

/** The console's events, every state, soonest first. */
export const adminListEventsProcedure = staffProcedure
  .output(ZAdminEventList)
  .query(({ ctx }) => listEventsForStaff(useCaseDeps(ctx)));
