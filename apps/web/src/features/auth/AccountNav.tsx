import { useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import classes from '../../components/AppHeader.module.css';
import { AnchorLink, ButtonLink } from '../../lib/links';
import { sessionQueryOptions } from '../../lib/session';
import { useTrpc } from '../../lib/use-trpc';
import { lazyPart } from '../../lib/lazy-part';

// What reads the session (and the signed-in controls) loads on demand, out of the entry chunk every page needs;
// until it is there, the header shows what a visitor sees.
const SessionNav = lazyPart(() => import('./SessionNav'));

export interface AccountNavProps {
  onNavigate?: () => void;
  compact?: boolean;
}

/** The account part of the top navigation: 'Logout' with the first name when signed in. */
export function AccountNav(props: AccountNavProps) {
  return (
    <Suspense fallback={<VisitorFallback onNavigate={props.onNavigate} />}>
      <SessionNav {...props} />
    </Suspense>
  );
}

/** The visitor's links; the server leaves them out of the static HTML it sends to a signed-in browser. */
export function LoginLink({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <>
      <AnchorLink to="/auth/login" className={classes.link} onClick={onNavigate} data-visitor-only="">
        Login
      </AnchorLink>
      {/* no onNavigate: the small-screen menu does not hold it */}
      <ButtonLink to="/auth/register" data-visitor-only="">
        Create account
      </ButtonLink>
    </>
  );
}

/**
 * What the header shows before the session is known. The server marks the pages it sends to a signed-in browser
 * (<html data-signed-in>, apps/server/src/routes/pages.ts) and drops this link from their static HTML, so a member
 * never sees 'Login' flash by; everyone else sees it at once.
 */
function VisitorFallback({ onNavigate }: { onNavigate?: () => void }) {
  // the server rendering a page for a member knows them already
  const signedIn = useQueryClient().getQueryData(sessionQueryOptions(useTrpc()).queryKey)?.user;
  if (signedIn) return null;
  if (typeof document !== 'undefined' && document.documentElement.hasAttribute('data-signed-in')) return null;
  return <LoginLink onNavigate={onNavigate} />;
}
