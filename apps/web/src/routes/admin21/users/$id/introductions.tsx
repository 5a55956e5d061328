import { createFileRoute } from '@tanstack/react-router';
import { UserIntroductions } from '../../../../features/admin/UserIntroductions';

export const Route = createFileRoute('/admin21/users/$id/introductions')({
  head: () => ({ meta: [{ title: 'Introductions of a member · Management Console · Rhema' }] }),
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  return <UserIntroductions userId={id} />;
}
