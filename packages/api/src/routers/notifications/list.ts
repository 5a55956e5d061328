import { listNotifications } from '@rhema/core';
import { ZNotificationList, ZNotificationListRequest } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** The centre's page: newest first, `cursor` (the paginator's nextCursor) reads on. */
export const listNotificationsProcedure = authenticatedProcedure
  .input(ZNotificationListRequest)
  .output(ZNotificationList)
  .query(({ ctx, input }) =>
    listNotifications({ ...useCaseDeps(ctx), userId: ctx.user.id, cursor: input.cursor }),
  );
