import { Badge, Group, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AnchorLink } from '../../lib/links';
import { trpc } from '../../lib/trpc';

const LINKS = [
  { to: '/members', label: 'Members' },
  { to: '/communities', label: 'Communities' },
  { to: '/account/friends', label: 'Friends' },
  { to: '/account/messages', label: 'Messages' },
] as const;

/** The members' area links, shown above each of its pages. */
export function MembersNav() {
  // the unread count beside Messages (the messages pages keep it live; elsewhere it is read on arrival)
  const unread = useQuery(trpc.messages.conversations.queryOptions()).data?.unread_total ?? 0;
  return (
    <Group component="nav" aria-label="Members area" gap="lg" mb="lg">
      {LINKS.map((link) => (
        <AnchorLink
          key={link.to}
          to={link.to}
          activeOptions={{ exact: link.to !== '/communities' && link.to !== '/account/messages' }}
          activeProps={{ 'aria-current': 'page', style: { fontWeight: 700 } }}
        >
          {link.label}
          {link.to === '/account/messages' && unread > 0 ? (
            <>
              <Badge ml={6} size="sm" color="plum" aria-hidden="true" data-testid="unread-badge">
                {unread}
              </Badge>
              <VisuallyHidden> ({unread} unread)</VisuallyHidden>
            </>
          ) : null}
        </AnchorLink>
      ))}
    </Group>
  );
}
