import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import classes from './HeaderBell.module.css';
import { UnreadBubble } from '../../components/UnreadBubble';
import { AnchorLink } from '../../lib/links';
import { useTrpc } from '../../lib/use-trpc';

/** The member's unread notifications, kept live by the header's stream (../messages/HeaderMessages.tsx). */
export function useBellCount(): number {
  const trpc = useTrpc();
  return useQuery(trpc.notifications.unread.queryOptions()).data?.count ?? 0;
}

/**
 * Opening the page a notification points to marks it read (docs/notifications.md): on each signed-in page, while
 * anything is unread, the page's path is reported once.
 */
export function ReadOnOpen() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const unread = useBellCount();
  const path = useRouterState({ select: (state) => state.location.pathname });
  const readAt = useMutation(
    trpc.notifications.readAt.mutationOptions({
      onSuccess: (data) => queryClient.setQueryData(trpc.notifications.unread.queryKey(), data),
    }),
  );
  const { mutate } = readAt;
  // read at each opening of a page, not at each change of the count: a count that grows on this page is news
  // for another page
  const unreadNow = useRef(unread);
  useEffect(() => {
    unreadNow.current = unread;
  });
  useEffect(() => {
    if (unreadNow.current > 0 && path !== '/account/notifications') mutate({ url: path });
  }, [path, mutate]);
  return null;
}

/** The bell in the header: a link to the centre with the unread count. */
export function HeaderBell({ onNavigate }: { onNavigate?: () => void }) {
  const unread = useBellCount();
  return (
    <AnchorLink
      to="/account/notifications"
      className={classes.bell}
      onClick={onNavigate}
      aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
      data-testid="header-bell"
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0"
        />
      </svg>
      <UnreadBubble unread={unread} className={classes.count} testId="header-bell-count" />
    </AnchorLink>
  );
}
