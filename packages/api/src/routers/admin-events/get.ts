import { getEventForStaff } from '@rhema/core';
import { ZAdminEventDetail, ZEventId } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { staffProcedure } from '../../trpc';

/** One event with its attendees and waitlist. */
export const adminGetEventProcedure = staffProcedure
  .input(ZEventId)
  .output(ZAdminEventDetail)
  .query(({ ctx, input }) => getEventForStaff({ ...useCaseDeps(ctx), eventId: input.id }));
