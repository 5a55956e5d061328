import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '../../../../../lib/page-title';
import { IntroductionDetail } from '../../../../../features/admin/IntroductionDetail';

export const Route = createFileRoute('/admin21/introductions/users/$id/')({
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  return (
    <>
      <PageTitle>Introduction · Management Console</PageTitle>
      <IntroductionDetail userId={id} />
    </>
  );
}
