import { Group } from '@mantine/core';
import { AnchorLink } from '../../lib/links';

const LINKS = [
  { to: '/members', label: 'Members' },
  { to: '/communities', label: 'Communities' },
  { to: '/account/friends', label: 'Friends' },
] as const;

/** The members' area links, shown above each of its pages. */
export function MembersNav() {
  return (
    <Group component="nav" aria-label="Members area" gap="lg" mb="lg">
      {LINKS.map((link) => (
        <AnchorLink
          key={link.to}
          to={link.to}
          activeOptions={{ exact: link.to !== '/communities' }}
          activeProps={{ 'aria-current': 'page', style: { fontWeight: 700 } }}
        >
          {link.label}
        </AnchorLink>
      ))}
    </Group>
  );
}
