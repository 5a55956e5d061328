import { VisuallyHidden } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';
import { HeaderRing, useRinging } from '../calls/HeaderRing';
import type { LiveEnvelope } from './use-live-stream';
import classes from '../../components/AppHeader.module.css';
import { UnreadBubble } from '../../components/UnreadBubble';
import { AnchorLink } from '../../lib/links';
import { useTrpc } from '../../lib/use-trpc';
import { applyBellEvent, LIVE_INPUT } from '../notifications/live-count';

/**
 * The member's unread count, kept live on every signed-in page. The messages pages open the stream themselves
 * (their thread needs its events), so HeaderLiveStream runs it everywhere else, from one of the header's two
 * account navs (the wide one, mounted on every screen size): one stream a tab. It lives in the signed-in header's
 * own chunk (SignedInNav), so a visitor's page neither loads this nor opens a stream.
 */
export function useLiveUnread(): number {
  const trpc = useTrpc();
  return useQuery(trpc.messages.conversations.queryOptions()).data?.unread_total ?? 0;
}

/**
 * Opens the stream (see useLiveUnread) unless a messages page has its own: any message or read mark re-reads the
 * counts, and so does a (re)connect whose `ready` tells another unread count than the one shown (a message written
 * between the page's read and the stream's start). Through the options' own `subscribe`, as use-live-stream.ts:
 * tRPC's useSubscription would sit in the entry chunk (see there); this one stays closed on the messages pages.
 */
export function HeaderLiveStream() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const onMessagesPage = useRouterState({
    select: (state) => state.location.pathname.startsWith('/account/messages'),
  });
  // a call rings on every page, not only on the Messages pages (which show their own)
  const [ringing, onCallEvent, clearRinging] = useRinging();
  const onCallRef = useRef(onCallEvent);
  useEffect(() => {
    onCallRef.current = onCallEvent;
  });
  const onCall = useCallback((event: LiveEnvelope['data']) => onCallRef.current(event), []);
  useEffect(() => {
    if (onMessagesPage) return;
    // by the procedure's path: its queryKey() without input did not match the count's query (tried in Chromium).
    // A read still under way is dropped first: it may have started before the message it should show (the page's
    // first read, as the stream starts), and an invalidation would only wait for it rather than read again.
    const refresh = async () => {
      const queryKey = trpc.messages.conversations.pathKey();
      await queryClient.cancelQueries({ queryKey });
      await queryClient.invalidateQueries({ queryKey });
    };
    const stream = trpc.messages.live.subscriptionOptions(LIVE_INPUT).subscribe({
      onData({ data: event }) {
        if (applyBellEvent(queryClient, trpc, event) || event.type === 'typing') return;
        if (event.type === 'call') return onCall(event);
        // the count the page was drawn with is usually still right: no read then
        const shown = queryClient.getQueryData(trpc.messages.conversations.queryKey())?.unread_total;
        if (event.type === 'ready' && event.unread_total === shown) return;
        void refresh();
      },
    });
    return () => stream.unsubscribe();
  }, [onMessagesPage, queryClient, trpc, onCall]);
  return ringing && !onMessagesPage ? <HeaderRing call={ringing} onDone={clearRinging} /> : null;
}

/**
 * 'Messages' with the unread count in the header. A page that draws the member navigation (MemberNav, with its
 * own count) hides it (AppHeader.module.css), so the count shows once.
 */
export function HeaderMessagesLink({ unread, onNavigate }: { unread: number; onNavigate?: () => void }) {
  return (
    <AnchorLink
      to="/account/messages"
      className={`${classes.link} ${classes.headerMessages}`}
      onClick={onNavigate}
    >
      Messages
      <UnreadBubble unread={unread} className={classes.unread} />
      {unread ? <VisuallyHidden> ({unread} unread)</VisuallyHidden> : null}
    </AnchorLink>
  );
}
