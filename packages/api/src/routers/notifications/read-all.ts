import { markAllNotificationsRead } from '@rhema/core';
import { ZNotificationCount } from '@rhema/schemas';
import { z } from 'zod';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** Marks every notification of the member read: `{ count: 0 }`. */
export const readAllNotificationsProcedure = authenticatedProcedure
  .input(z.object({}).optional())
  .output(ZNotificationCount)
  .mutation(({ ctx }) => markAllNotificationsRead({ ...useCaseDeps(ctx), userId: ctx.user.id }));
