import type { QueryClient } from '@tanstack/react-query';
import type { Trpc } from '../../lib/trpc';
import type { LiveEnvelope } from '../messages/use-live-stream';

/** What every open messages.live stream asks for: the bell's count as well (docs/notifications.md). */
export const LIVE_INPUT = { notifications: true } as const;

/**
 * The bell's part of a live event: a `notifications` event carries the unread count, set as it is; a `ready`
 * (a (re)connect) re-reads it, as something may have happened while the stream was away. Whether the event was the
 * bell's (the caller then does nothing else with it).
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
  if (event.type === 'ready') {
    // a read still under way may have started before what it should count: dropped, then read again
    const queryKey = trpc.notifications.unread.queryKey();
    void queryClient.cancelQueries({ queryKey }).then(() => queryClient.invalidateQueries({ queryKey }));
  }
  return false;
}
