import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireUser } from '../../lib/guards';

/** Members only (issue 11): others sign in first and come back after. */
export const Route = createFileRoute('/communities')({
  beforeLoad: requireUser(),
  component: Outlet,
});
