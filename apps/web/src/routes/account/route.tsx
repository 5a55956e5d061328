import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireUser } from '../../lib/guards';

/** The member area: signed-in users only; others go to /auth/login and come back after (spec section 5). */
export const Route = createFileRoute('/account')({
  beforeLoad: requireUser(),
  component: Outlet,
});
