import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireUser } from '../../lib/guards';
import { loadSignedInFrame } from '../../lib/signed-in-frame';

/** Members only: others sign in first and come back after. */
export const Route = createFileRoute('/communities')({
  beforeLoad: requireUser(),
  loader: loadSignedInFrame,
  component: Outlet,
});
