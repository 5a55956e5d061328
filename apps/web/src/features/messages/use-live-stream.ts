import { useEffect, useRef } from 'react';
import type { Trpc } from '../../lib/trpc';
import { useTrpc } from '../../lib/use-trpc';
import { applyBellEvent, LIVE_INPUT } from '../notifications/live-count';
import { useQueryClient } from '@tanstack/react-query';

type LiveObserver = Parameters<ReturnType<Trpc['messages']['live']['subscriptionOptions']>['subscribe']>[0];
/** what messages.live sends: the event as `data`, with its id (a reconnect resumes after it) */
export type LiveEnvelope = Parameters<NonNullable<LiveObserver['onData']>>[0];

/**
 * Runs `onData` for every event of the messages.live stream while the component is mounted. Through the options'
 * own `subscribe` rather than tRPC's useSubscription: that hook sits in the module the entry chunk needs for every
 * query, so importing it from a page put it into every page's first JavaScript.
 */
export function useLiveStream(onData: (envelope: LiveEnvelope) => void): void {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  // the newest callback, without opening the stream again when it changes
  const latest = useRef(onData);
  useEffect(() => {
    latest.current = onData;
  });
  useEffect(() => {
    const stream = trpc.messages.live.subscriptionOptions(LIVE_INPUT).subscribe({
      onData: (envelope) => {
        // the bell's count (the header's own stream is closed on the pages that open this one)
        if (!applyBellEvent(queryClient, trpc, envelope.data)) latest.current(envelope);
      },
    });
    return () => stream.unsubscribe();
  }, [queryClient, trpc]);
}
