import { isStaffRole } from '@rhema/schemas';
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { ForbiddenPage } from '../../features/auth/ForbiddenPage';
import { ensureSessionUser } from '../../lib/session';

/** The staff console: consultants and admins. Anonymous visitors sign in first; members see a clear 403. */
export const Route = createFileRoute('/admin21')({
  beforeLoad: async ({ context, location }) => {
    const user = await ensureSessionUser(context.queryClient, context.trpc);
    if (!user) throw redirect({ to: '/auth/login', search: { redirect: location.href } });
    return { user };
  },
  component: StaffOnly,
});

function StaffOnly() {
  const { user } = Route.useRouteContext();
  return isStaffRole(user.role) ? <Outlet /> : <ForbiddenPage />;
}
