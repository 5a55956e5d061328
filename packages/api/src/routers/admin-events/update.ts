import { updateEvent } from '@rhema/core';
import { ZAdminEventDetail, ZAdminEventUpdate } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { staffProcedure } from '../../trpc';

export const adminUpdateEventProcedure = staffProcedure
  .input(ZAdminEventUpdate)
  .output(ZAdminEventDetail)
  .mutation(({ ctx, input }) =>
    updateEvent({ ...useCaseDeps(ctx), staffId: ctx.user.id, eventId: input.id, form: input.form }),
  );
