import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import classes from '../../components/AppHeader.module.css';

// What reads the session (and the signed-in controls) loads on demand, out of the entry chunk every page needs;
// until it is there, the header shows what a visitor sees.
const SessionNav = lazy(() => import('./SessionNav'));

export interface AccountNavProps {
  onNavigate?: () => void;
  compact?: boolean;
}

/** The account part of the top navigation: 'Logout' with the first name when signed in (spec section 2). */
export function AccountNav(props: AccountNavProps) {
  return (
    <Suspense fallback={<LoginLink onNavigate={props.onNavigate} />}>
      <SessionNav {...props} />
    </Suspense>
  );
}

export function LoginLink({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Anchor component={Link} to="/auth/login" className={classes.link} onClick={onNavigate}>
      Login
    </Anchor>
  );
}
