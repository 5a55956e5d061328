import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '../../../../lib/page-title';
import { UserIntroductions } from '../../../../features/admin/UserIntroductions';
import { forFirstScreen } from '../../../../lib/first-screen';

export const Route = createFileRoute('/admin21/users/$id/introductions')({
  loader: ({ context: { queryClient, trpc }, params }) =>
    forFirstScreen(() =>
      queryClient.prefetchQuery(trpc.admin.userIntroductions.queryOptions({ userId: params.id })),
    ),
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
