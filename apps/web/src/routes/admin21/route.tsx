import { STAFF_ROLES } from '@rhema/schemas';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { GuardError } from '../../features/auth/GuardError';
import { requireUser } from '../../lib/guards';

/** The staff console: consultants and admins. Anonymous visitors sign in first; members see a clear 403. */
export const Route = createFileRoute('/admin21')({
  beforeLoad: requireUser(STAFF_ROLES),
  errorComponent: GuardError,
  component: Outlet,
});
