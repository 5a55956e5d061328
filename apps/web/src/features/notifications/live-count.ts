import type { QueryClient } from '@tanstack/react-query';
import type { Trpc } from '../../lib/trpc';
import type { LiveEnvelope } from '../messages/use-live-stream';

/** What every open messages.live stream asks for: the bell's count as well (docs/notifications.md). */
export const LIVE_INPUT = { notifications: true } as const;

/**
 * The bell's part of a live event: a `notifications` event carries the unread count, set as it is. The stream sends
 * one after each `ready` (a (re)connect), so what happened while it was away shows with no read of the count: the
 * page that hydrates makes none (tests/e2e/account/first-paint.spec.ts). Whether the event was the bell's (the
 * caller then does nothing else with it).
 */
export function applyBellEvent(queryClient: QueryClient, trpc: Trpc, event: LiveEnvelope['data']): boolean {
  if (event.type === 'notifications') {
    // a read of the count still under way (a `ready`'s) would answer what was true before this event
    const queryKey = trpc.notifications.unread.queryKey();
    void queryClient
      .cancelQueries({ queryKey })
      .then(() => queryClient.setQueryData(queryKey, { count: event.unread }));
    // the centre's list is re-read when it is on screen
    void queryClient.invalidateQueries({ queryKey: trpc.notifications.list.pathKey() });
    return true;
  }
  return false;
}
