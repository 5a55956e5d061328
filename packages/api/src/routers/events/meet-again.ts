import { getMeetAgain } from '@rhema/core';
import { ZEventId, ZMeetAgain } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** The other checked-in guests and whom the member named (private), in the 72 hours after the event. */
export const meetAgainProcedure = authenticatedProcedure
  .input(ZEventId)
  .output(ZMeetAgain)
  .query(({ ctx, input }) => getMeetAgain({ ...useCaseDeps(ctx), userId: ctx.user.id, eventId: input.id }));
