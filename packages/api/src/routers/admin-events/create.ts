import { createEvent } from '@rhema/core';
import { ZAdminEventDetail, ZAdminEventForm } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { staffProcedure } from '../../trpc';

/** A new event, as a draft until published. */
export const adminCreateEventProcedure = staffProcedure
  .input(ZAdminEventForm)
  .output(ZAdminEventDetail)
  .mutation(({ ctx, input }) => createEvent({ ...useCaseDeps(ctx), staffId: ctx.user.id, form: input }));
