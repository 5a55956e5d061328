import { cancelMyRsvp } from '@rhema/core';
import { ZEvent, ZEventId } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** DELETE /api/v1/events/{id}/rsvp: gives the place (or the waitlist spot) back. */
export const cancelRsvpProcedure = authenticatedProcedure
  .input(ZEventId)
  .output(ZEvent)
  .mutation(({ ctx, input }) =>
    cancelMyRsvp({ ...useCaseDeps(ctx), userId: ctx.user.id, eventId: input.id }),
  );
