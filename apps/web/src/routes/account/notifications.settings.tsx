import { createFileRoute } from '@tanstack/react-router';
import { NotificationSettingsForm } from '../../features/notifications/NotificationSettingsForm';
import { forFirstScreen } from '../../lib/first-screen';

export const Route = createFileRoute('/account/notifications/settings')({
  head: () => ({ meta: [{ title: 'Notification settings · Rhema' }] }),
  loader: ({ context: { queryClient, trpc } }) =>
    forFirstScreen(() => queryClient.prefetchQuery(trpc.notifications.settings.queryOptions())),
  component: NotificationSettingsForm,
});
