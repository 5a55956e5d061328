import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '../../../../../lib/page-title';
import { IntroductionDetail } from '../../../../../features/admin/IntroductionDetail';
import { forFirstScreen } from '../../../../../lib/first-screen';

// the same screen as /admin21/introductions/users/{id}
export const Route = createFileRoute('/admin21/introductions/users/$id/requests')({
  loader: ({ context: { queryClient, trpc }, params }) =>
    forFirstScreen(() =>
      queryClient.prefetchQuery(trpc.admin.introductionDetail.queryOptions({ userId: params.id })),
    ),
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  return (
    <>
      <PageTitle>Introduction requests · Management Console</PageTitle>
      <IntroductionDetail userId={id} />
    </>
  );
}
