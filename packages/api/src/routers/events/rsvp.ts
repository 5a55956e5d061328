import { rsvpToEvent } from '@rhema/core';
import { ZEvent, ZEventRsvpRequest } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** POST /api/v1/events/{id}/rsvp: a place while one is left, else the waitlist; a repeat changes nothing. */
export const rsvpProcedure = authenticatedProcedure
  .input(ZEventRsvpRequest)
  .output(ZEvent)
  .mutation(({ ctx, input }) =>
    rsvpToEvent({
      ...useCaseDeps(ctx),
      userId: ctx.user.id,
      eventId: input.id,
      onGuestList: input.on_guest_list,
    }),
  );
