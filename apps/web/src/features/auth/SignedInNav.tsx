import { Avatar, Button, Group, Menu, UnstyledButton } from '@mantine/core';
import { isStaffRole, type TSessionUser } from '@rhema/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { forgetSession } from '../../lib/session';
import { useTrpc } from '../../lib/use-trpc';
import classes from '../../components/AppHeader.module.css';
import { UnreadBubble } from '../../components/UnreadBubble';
import { AnchorLink } from '../../lib/links';
import { MenuItemLink } from '../../lib/menu-item-link';
import { MenuOnDemand } from '../../components/MenuOnDemand';
import { HeaderLiveStream, HeaderMessagesLink, useLiveUnread } from '../messages/HeaderMessages';
import { HeaderBell, ReadOnOpen } from '../notifications/HeaderBell';

/**
 * The signed-in half of AccountNav: the account and 'Logout' with the first name (the profile editor is in the
 * member navigation under the header, features/members/MemberNav.tsx; on a phone, in this account menu).
 */
export default function SignedInNav({
  user,
  onNavigate,
  compact,
}: {
  user: TSessionUser;
  onNavigate?: () => void;
  compact: boolean;
}) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const unread = useLiveUnread();
  const logout = useMutation(
    trpc.auth.logout.mutationOptions({
      onSettled: async () => {
        onNavigate?.();
        forgetSession(queryClient, trpc);
        // straight to /auth/login (re-running the current page's guard would add a redirect back to it)
        await navigate({ to: '/auth/login' });
      },
    }),
  );
  if (compact) {
    // small screens: one avatar button opens the account menu, so the header keeps room for the burger
    return (
      <Group gap="xs" wrap="nowrap">
        <HeaderBell />
        <MenuOnDemand
          position="bottom-end"
          withinPortal
          target={
            <UnstyledButton
              className={classes.avatarButton}
              aria-label={`Account menu for ${user.first_name}${unread ? `, ${unread} unread messages` : ''}`}
            >
              <Avatar color="plum" radius="xl" size={32}>
                {user.first_name.slice(0, 1)}
              </Avatar>
              <UnreadBubble unread={unread} className={classes.avatarUnread} />
            </UnstyledButton>
          }
        >
          <Menu.Dropdown>
            <MenuItemLink to="/account">My account</MenuItemLink>
            <MenuItemLink to="/account/messages">
              {unread ? `Messages (${unread} unread)` : 'Messages'}
            </MenuItemLink>
            <MenuItemLink to="/account/profile">Profile</MenuItemLink>
            {isStaffRole(user.role) && <MenuItemLink to="/admin21">Console</MenuItemLink>}
            <Menu.Item onClick={() => logout.mutate()}>Logout {user.first_name}</Menu.Item>
          </Menu.Dropdown>
        </MenuOnDemand>
      </Group>
    );
  }
  return (
    <Group gap="md" wrap="nowrap">
      <HeaderLiveStream />
      <ReadOnOpen />
      {isStaffRole(user.role) && (
        <AnchorLink to="/admin21" className={classes.link} onClick={onNavigate}>
          Console
        </AnchorLink>
      )}
      <HeaderMessagesLink unread={unread} onNavigate={onNavigate} />
      <HeaderBell onNavigate={onNavigate} />
      <AnchorLink to="/account" className={classes.link} onClick={onNavigate}>
        My account
      </AnchorLink>
      <Button variant="light" size="compact-md" loading={logout.isPending} onClick={() => logout.mutate()}>
        Logout {user.first_name}
      </Button>
    </Group>
  );
}
