import classes from './AppHeader.module.css';
import { AnchorLink } from '../lib/links';

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
      // a signed-in member has the member navigation; these links are in the footer for them
      data-visitor-only=""
    >
      {item.label}
    </AnchorLink>
  ));
}
