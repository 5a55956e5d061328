import { createFileRoute } from '@tanstack/react-router';
import { MemberLayout } from '../../features/members/MemberLayout';
import { requireUser } from '../../lib/guards';
import { loadSignedInFrame } from '../../lib/signed-in-frame';

/** The member area: signed-in users only; others go to /auth/login and come back after. */
export const Route = createFileRoute('/account')({
  beforeLoad: requireUser(),
  loader: loadSignedInFrame,
  component: MemberLayout,
});
