import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '../../../../lib/page-title';
import { UserView } from '../../../../features/admin/UserView';

export const Route = createFileRoute('/admin21/users/$id/')({
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  return (
    <>
      <PageTitle>User · Management Console</PageTitle>
      <UserView userId={id} mode="user" />
    </>
  );
}
