import { cancelEvent } from '@rhema/core';
import { ZAdminEventDetail, ZEventId } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { staffProcedure } from '../../trpc';

/** Cancels the event; its guests are told by email. */
export const adminCancelEventProcedure = staffProcedure
  .input(ZEventId)
  .output(ZAdminEventDetail)
  .mutation(({ ctx, input }) =>
    cancelEvent({ ...useCaseDeps(ctx), staffId: ctx.user.id, eventId: input.id }),
  );
