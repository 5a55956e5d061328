import { createFileRoute } from '@tanstack/react-router';
import { IntroductionDetail } from '../../../../../features/admin/IntroductionDetail';

// the same screen as /admin21/introductions/users/{id} (spec section 2)
export const Route = createFileRoute('/admin21/introductions/users/$id/requests')({
  head: () => ({ meta: [{ title: 'Introduction requests · Management Console · Rhema' }] }),
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  return <IntroductionDetail userId={id} />;
}
