import { getNotificationSettings } from '@rhema/core';
import { ZNotificationSettings } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

export const notificationSettingsProcedure = authenticatedProcedure
  .output(ZNotificationSettings)
  .query(({ ctx }) => getNotificationSettings({ ...useCaseDeps(ctx), userId: ctx.user.id }));
