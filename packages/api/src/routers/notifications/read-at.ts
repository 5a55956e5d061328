import { markNotificationsReadAt } from '@rhema/core';
import { ZNotificationCount, ZNotificationsReadUrlRequest } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** The web app opened page `url`: the notifications pointing at it are read. The unread count afterwards. */
export const readNotificationsAtProcedure = authenticatedProcedure
  .input(ZNotificationsReadUrlRequest)
  .output(ZNotificationCount)
  .mutation(({ ctx, input }) =>
    markNotificationsReadAt({ ...useCaseDeps(ctx), userId: ctx.user.id, url: input.url }),
  );
