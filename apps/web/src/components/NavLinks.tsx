import classes from './AppHeader.module.css';
import { AnchorLink } from '../lib/links';

// the top navigation of every page, a member's as well as a visitor's (with, when signed in, the account links and
// 'Logout' with the first name: features/auth/SignedInNav.tsx)

const NAV = [
  { to: '/', label: 'Home' },
  { to: '/support', label: 'Contact' },
  { to: '/private-match', label: 'Private Matching' },
] as const;

export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  return NAV.map((item) => (
    <AnchorLink
      key={item.to}
      to={item.to}
      className={classes.link}
      activeOptions={{ exact: true }}
      activeProps={{ 'aria-current': 'page', 'data-active': true }}
      onClick={onNavigate}
    >
      {item.label}
    </AnchorLink>
  ));
}
