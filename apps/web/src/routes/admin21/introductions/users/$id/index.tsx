import { createFileRoute } from '@tanstack/react-router';
import { IntroductionDetail } from '../../../../../features/admin/IntroductionDetail';

export const Route = createFileRoute('/admin21/introductions/users/$id/')({
  head: () => ({ meta: [{ title: 'Introduction · Management Console · Rhema' }] }),
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  return <IntroductionDetail userId={id} />;
}
