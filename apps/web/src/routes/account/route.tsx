import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { ensureSessionUser } from '../../lib/session';

/** The member area: signed-in users only; others go to /auth/login and come back after (spec section 5). */
export const Route = createFileRoute('/account')({
  beforeLoad: async ({ context, location }) => {
    const user = await ensureSessionUser(context.queryClient, context.trpc);
    if (!user) throw redirect({ to: '/auth/login', search: { redirect: location.href } });
    return { user };
  },
  component: Outlet,
});
