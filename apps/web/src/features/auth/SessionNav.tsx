import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { sessionQueryOptions } from '../../lib/session';
import { useTrpc } from '../../lib/use-trpc';
import { type AccountNavProps, LoginLink } from './AccountNav';
import { lazyPart } from '../../lib/lazy-part';

// the account menu and logout: only a signed-in member's browser loads them
const SignedInNav = lazyPart(() => import('./SignedInNav'));

/** AccountNav once loaded: the Login link for visitors, the account controls for a signed-in user. */
export default function SessionNav({ onNavigate, compact = false }: AccountNavProps) {
  const trpc = useTrpc();
  const session = useQuery(sessionQueryOptions(trpc));
  const user = session.data?.user;
  const known = session.data !== undefined;
  // <html data-signed-in> hides what is for visitors only (the marketing links, the menu button: styles.css), as
  // the server does in the HTML it sends a signed-in browser; kept true to the session after login and logout
  useEffect(() => {
    if (known) document.documentElement.toggleAttribute('data-signed-in', Boolean(user));
  }, [known, user]);
  if (!user) return <LoginLink onNavigate={onNavigate} />;
  return (
    <Suspense fallback={null}>
      <SignedInNav user={user} compact={compact} onNavigate={onNavigate} />
    </Suspense>
  );
}
