import { STAFF_ROLES } from '@rhema/schemas';
import { createFileRoute } from '@tanstack/react-router';
import { ConsoleLayout } from '../../features/admin/ConsoleSidebar';
import { GuardError } from '../../features/auth/GuardError';
import { requireUser } from '../../lib/guards';

/**
 * The staff console: consultants and admins, a sidebar beside every page. Anonymous visitors sign in first; members
 * see a clear 403.
 */
export const Route = createFileRoute('/admin21')({
  beforeLoad: requireUser(STAFF_ROLES),
  errorComponent: GuardError,
  component: ConsoleLayout,
});
