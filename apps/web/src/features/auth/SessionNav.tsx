import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { sessionQueryOptions } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { type AccountNavProps, LoginLink } from './AccountNav';

// the account menu and logout: only a signed-in member's browser loads them
const SignedInNav = lazy(() => import('./SignedInNav'));

/** AccountNav once loaded: the Login link for visitors, the account controls for a signed-in user. */
export default function SessionNav({ onNavigate, compact = false }: AccountNavProps) {
  const session = useQuery(sessionQueryOptions(trpc));
  const user = session.data?.user;
  if (!user) return <LoginLink onNavigate={onNavigate} />;
  return (
    <Suspense fallback={null}>
      <SignedInNav user={user} compact={compact} onNavigate={onNavigate} />
    </Suspense>
  );
}
