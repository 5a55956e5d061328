import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '../../../../lib/page-title';
import { UserView } from '../../../../features/admin/UserView';
import { forFirstScreen } from '../../../../lib/first-screen';

export const Route = createFileRoute('/admin21/users/$id/owner')({
  loader: ({ context: { queryClient, trpc }, params }) =>
    forFirstScreen(() => queryClient.prefetchQuery(trpc.admin.user.queryOptions({ userId: params.id }))),
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  return (
    <>
      <PageTitle>Introduction owner · Management Console</PageTitle>
      <UserView userId={id} mode="owner" />
    </>
  );
}
