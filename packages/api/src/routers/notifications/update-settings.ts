import { updateNotificationSettings } from '@rhema/core';
import { ZNotificationSettings, ZNotificationSettingsPatch } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { authenticatedProcedure } from '../../trpc';

/** Changes what the patch names (per kind and channel, quiet hours, time zone, digest, discreet). */
export const updateNotificationSettingsProcedure = authenticatedProcedure
  .input(ZNotificationSettingsPatch)
  .output(ZNotificationSettings)
  .mutation(({ ctx, input }) =>
    updateNotificationSettings({ ...useCaseDeps(ctx), userId: ctx.user.id, patch: input }),
  );
