import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireUser } from '../../lib/guards';

/** Members only: others sign in first and come back after. */
export const Route = createFileRoute('/communities')({
  beforeLoad: requireUser(),
  component: Outlet,
});
