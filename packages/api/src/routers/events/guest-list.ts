import { launchGuestList } from '@rhema/core';
import { ZGuestList } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { publicProcedure } from '../../trpc';

/** The /launch page's Guest List (public): first name and initial of each confirmed guest who opted in. */
export const guestListProcedure = publicProcedure
  .output(ZGuestList)
  .query(({ ctx }) => launchGuestList(useCaseDeps(ctx)));
