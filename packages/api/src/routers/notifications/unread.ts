import { countUnreadNotifications } from '@rhema/core';
import { ZNotificationCount } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** The bell's count. */
export const unreadNotificationsProcedure = authenticatedProcedure
  .output(ZNotificationCount)
  .query(({ ctx }) => countUnreadNotifications({ ...useCaseDeps(ctx), userId: ctx.user.id }));
