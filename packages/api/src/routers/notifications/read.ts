import { markNotificationRead } from '@rhema/core';
import { ZNotification, ZNotificationIdRequest } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** Marks one notification read (another member's id: 404). */
export const readNotificationProcedure = authenticatedProcedure
  .input(ZNotificationIdRequest)
  .output(ZNotification)
  .mutation(({ ctx, input }) =>
    markNotificationRead({ ...useCaseDeps(ctx), userId: ctx.user.id, id: input.id }),
  );
