import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { ensureSessionUser } from '../../lib/session';

/** Members only (issue 11): others sign in first and come back after. */
export const Route = createFileRoute('/communities')({
  beforeLoad: async ({ context, location }) => {
    const user = await ensureSessionUser(context.queryClient, context.trpc);
    if (!user) throw redirect({ to: '/auth/login', search: { redirect: location.href } });
    return { user };
  },
  component: Outlet,
});
