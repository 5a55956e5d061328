import { router } from '../../trpc';
import { listNotificationsProcedure } from './list';
import { readNotificationProcedure } from './read';
import { readAllNotificationsProcedure } from './read-all';
import { readNotificationsAtProcedure } from './read-at';
import { notificationSettingsProcedure } from './settings';
import { unreadNotificationsProcedure } from './unread';
import { updateNotificationSettingsProcedure } from './update-settings';

export const notificationsRouter = router({
  list: listNotificationsProcedure,
  unread: unreadNotificationsProcedure,
  read: readNotificationProcedure,
  readAll: readAllNotificationsProcedure,
  readAt: readNotificationsAtProcedure,
  settings: notificationSettingsProcedure,
  updateSettings: updateNotificationSettingsProcedure,
});
