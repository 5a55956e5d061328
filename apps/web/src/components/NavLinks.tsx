import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import classes from './AppHeader.module.css';

const NAV = [
  { to: '/', label: 'Home' },
  { to: '/support', label: 'Contact' },
  { to: '/private-match', label: 'Private Matching' },
] as const;

export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  return NAV.map((item) => (
    <Anchor
      key={item.to}
      component={Link}
      to={item.to}
      className={classes.link}
      activeOptions={{ exact: true }}
      activeProps={{ 'aria-current': 'page', 'data-active': true }}
      onClick={onNavigate}
    >
      {item.label}
    </Anchor>
  ));
}
