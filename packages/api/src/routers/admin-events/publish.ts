import { publishEvent } from '@rhema/core';
import { ZAdminEventDetail, ZEventId } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { staffProcedure } from '../../trpc';

export const adminPublishEventProcedure = staffProcedure
  .input(ZEventId)
  .output(ZAdminEventDetail)
  .mutation(({ ctx, input }) =>
    publishEvent({ ...useCaseDeps(ctx), staffId: ctx.user.id, eventId: input.id }),
  );
