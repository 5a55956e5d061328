import { STAFF_ROLES } from '@rhema/schemas';
import { createFileRoute } from '@tanstack/react-router';
import { ConsoleLayout } from '../../features/admin/ConsoleSidebar';
import { GuardError } from '../../features/auth/GuardError';
import { requireUser } from '../../lib/guards';
import { loadSignedInFrame } from '../../lib/signed-in-frame';
import type { RouterContext } from '../__root';

/** The signed-in frame and the sidebar's counts of work waiting. */
const loadConsoleFrame = ({ context }: { context: RouterContext }) =>
  loadSignedInFrame({ context }, () => [
    context.queryClient.prefetchQuery(context.trpc.admin.consoleCounts.queryOptions()),
  ]);

/**
 * The staff console: consultants and admins, a sidebar beside every page. Anonymous visitors sign in first; members
 * see a clear 403.
 */
export const Route = createFileRoute('/admin21')({
  beforeLoad: requireUser(STAFF_ROLES),
  loader: loadConsoleFrame,
  errorComponent: GuardError,
  component: ConsoleLayout,
});
