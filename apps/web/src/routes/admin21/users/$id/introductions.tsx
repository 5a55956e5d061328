import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '../../../../lib/page-title';
import { UserIntroductions } from '../../../../features/admin/UserIntroductions';

export const Route = createFileRoute('/admin21/users/$id/introductions')({
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  return (
    <>
      <PageTitle>Introductions of a user · Management Console</PageTitle>
      <UserIntroductions userId={id} />
    </>
  );
}
