import { createFileRoute } from '@tanstack/react-router';
import { UserView } from '../../../../features/admin/UserView';

export const Route = createFileRoute('/admin21/users/$id/owner')({
  head: () => ({ meta: [{ title: 'Owner · Management Console · Rhema' }] }),
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  return <UserView userId={id} mode="owner" />;
}
