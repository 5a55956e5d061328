import { getEvent } from '@rhema/core';
import { ZEvent, ZEventId } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** GET /api/v1/events/{id}: one event, whether the member may come and their RSVP. */
export const getEventProcedure = authenticatedProcedure
  .input(ZEventId)
  .output(ZEvent)
  .query(({ ctx, input }) => getEvent({ ...useCaseDeps(ctx), userId: ctx.user.id, eventId: input.id }));
