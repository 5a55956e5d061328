import { chooseMeetAgain } from '@rhema/core';
import { ZMeetAgain, ZMeetAgainChoose } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** Whom the member would like to meet again; a mutual choice reaches the consultants. */
export const chooseMeetAgainProcedure = authenticatedProcedure
  .input(ZMeetAgainChoose)
  .output(ZMeetAgain)
  .mutation(({ ctx, input }) =>
    chooseMeetAgain({ ...useCaseDeps(ctx), userId: ctx.user.id, eventId: input.id, userIds: input.user_ids }),
  );
